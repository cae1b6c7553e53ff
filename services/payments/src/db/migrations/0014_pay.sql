-- Issue 38 (ADR 0035): tips, instant payouts, card disputes. The ledger stays one table: a tip is a charge and a
-- transfer of part `tip`; a card dispute is withdrawn (`dispute`), then won back (`dispute_won`) or lost
-- (`dispute_lost`), and a lost one settled by the restaurant is a charge, all of part `dispute:{dp_id}`; an
-- instant payout is the chef's own money leaving the connected account (`payout`), with Brigade's fee collected
-- from the account (`payout_fee`) and returned if the payout fails (`payout_fee_returned`), of part
-- `payout:{payoutId}` and no job (the chef in `user_id`).

alter table payments.ledger_entries drop constraint if exists ledger_entries_kind_check;
alter table payments.ledger_entries add constraint ledger_entries_kind_check check (kind in (
  'charge', 'fee', 'transfer', 'refund',
  'dispute', 'dispute_won', 'dispute_lost',
  'payout', 'payout_fee', 'payout_fee_returned'));
alter table payments.ledger_entries drop constraint if exists ledger_entries_part_check;
alter table payments.ledger_entries add constraint ledger_entries_part_check
  check (part in ('escrow', 'extra', 'tip') or part like 'edit:%' or part like 'dispute:%' or part like 'payout:%');
alter table payments.money_tasks drop constraint if exists money_tasks_part_check;
alter table payments.money_tasks add constraint money_tasks_part_check
  check (part in ('escrow', 'extra', 'tip') or part like 'edit:%' or part like 'dispute:%' or part like 'payout:%');

-- A payout's entries belong to a chef, not a job.
alter table payments.ledger_entries alter column job_id drop not null;
alter table payments.ledger_entries add column user_id uuid;
alter table payments.ledger_entries add constraint ledger_entries_owner_check
  check ((job_id is not null) or (user_id is not null and part like 'payout:%'));
create unique index ledger_one_per_user_kind_part_idx
  on payments.ledger_entries (user_id, kind, part) where job_id is null;

-- One tip per seat: charged off-session (no fee) with key `tip:{applicationId}:charge`, then transferred whole.
create table payments.tips (
  id uuid primary key,
  application_id uuid not null unique,
  job_id uuid not null references payments.job_payments (job_id),
  seat_no integer not null check (seat_no between 1 and 20),
  restaurant_id uuid not null,
  chef_id uuid not null,
  amount_cents integer not null check (amount_cents > 0),
  status text not null default 'charging' check (status in ('charging', 'charged', 'paid', 'failed')),
  payment_intent_id text unique,
  transfer_id text unique,
  failure_code text,
  failure_decline_code text,
  failure_message text,
  created_at timestamptz not null default now(),
  charged_at timestamptz,
  paid_at timestamptz,
  failed_at timestamptz
);
create index tips_chef_idx on payments.tips (chef_id, created_at);
create index tips_restaurant_idx on payments.tips (restaurant_id, created_at);

-- Instant payouts: one pending per chef at a time (the partial unique index refuses a second).
create table payments.instant_payouts (
  id uuid primary key,
  chef_id uuid not null,
  account_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  fee_cents integer not null check (fee_cents >= 0),
  net_cents integer not null check (net_cents > 0),
  free_because text,
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
  provider_payout_id text unique,
  fee_debit_id text unique,
  fee_returned_id text unique,
  destination_brand text,
  destination_last4 text,
  failure_code text,
  failure_message text,
  created_at timestamptz not null default now(),
  arrived_at timestamptz,
  failed_at timestamptz,
  updated_at timestamptz not null default now()
);
create unique index instant_payouts_one_pending_idx on payments.instant_payouts (chef_id) where status = 'pending';
create index instant_payouts_chef_idx on payments.instant_payouts (chef_id, created_at);

-- Card disputes as the provider reports them (retrieved, never taken from the event), one per dispute id.
create table payments.card_disputes (
  id text primary key,
  job_id uuid not null references payments.job_payments (job_id),
  restaurant_id uuid not null,
  charge_id text not null,
  payment_intent_id text,
  amount_cents integer not null check (amount_cents >= 0),
  reason text not null,
  status text not null,
  evidence_due_by timestamptz,
  submitted_at timestamptz,
  submitted_by uuid,
  accepted_at timestamptz,
  accepted_by uuid,
  closed_at timestamptz,
  outcome text check (outcome in ('won', 'lost')),
  restaurant_flagged boolean not null default false,
  settle_payment_intent_id text unique,
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index card_disputes_job_idx on payments.card_disputes (job_id);
create index card_disputes_restaurant_idx on payments.card_disputes (restaurant_id);
