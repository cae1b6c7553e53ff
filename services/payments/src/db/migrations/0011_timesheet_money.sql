-- Issue 34 (ADR 0028): money that follows the hours worked. A job's escrow is charged for the scheduled time less
-- the posting's break; an approved timesheet may refund part of it, or charge an extra off-session to the card the
-- escrow kept, whose chef part is transferred only once collected.

-- The posting's rate and break (escrowCharge), and the card the escrow payment kept for off-session charges.
alter table payments.job_payments add column if not exists hourly_rate_cents integer;
alter table payments.job_payments add column if not exists break_minutes integer not null default 0;
alter table payments.job_payments add column if not exists card_customer_id text;
alter table payments.job_payments add column if not exists card_payment_method_id text;

-- A job's money now moves in two parts: the escrow's (one charge, transfer, fee, refund, as before) and a
-- timesheet's extra (one off-session charge, then its transfer with its fee). Still at most one of each.
alter table payments.ledger_entries add column part text not null default 'escrow' check (part in ('escrow', 'extra'));
drop index payments.ledger_one_per_kind_idx;
create unique index ledger_one_per_kind_part_idx on payments.ledger_entries (job_id, kind, part);

alter table payments.money_tasks add column part text not null default 'escrow' check (part in ('escrow', 'extra'));
alter table payments.money_tasks drop constraint money_tasks_kind_check;
alter table payments.money_tasks add constraint money_tasks_kind_check check (kind in ('transfer', 'refund', 'charge'));
drop index payments.money_tasks_one_per_kind_idx;
create unique index money_tasks_one_per_kind_part_idx on payments.money_tasks (job_id, kind, part);

-- What payments heard of a seat's timesheet: that it has clock events (its checkout no longer moves the money),
-- and a no-show's contest window (the full refund once it passes uncontested).
create table payments.timesheets (
  application_id uuid primary key,
  job_id uuid not null unique,
  chef_id uuid not null,
  restaurant_id uuid not null,
  status text not null,
  no_show_contest_until timestamptz,
  no_show_contested boolean not null default false,
  updated_at timestamptz not null default now()
);
create index timesheets_no_show_idx on payments.timesheets (no_show_contest_until)
  where status = 'no_show' and not no_show_contested;

-- The money of a settled timesheet, as payments recomputed it (timesheetMoney), one per seat: what moved at once,
-- the extra charge and its fate (pending, collected, failed: then a balance the restaurant owes).
create table payments.timesheet_settlements (
  application_id uuid primary key,
  job_id uuid not null unique references payments.job_payments (job_id),
  restaurant_id uuid not null,
  chef_id uuid not null,
  source text not null check (source in ('approved', 'resolved', 'sent_home', 'no_show')),
  event_id text,
  clock_in_at timestamptz,
  clock_out_at timestamptz,
  break_minutes integer not null default 0,
  worked_minutes integer not null,
  chef_pay_cents integer not null,
  fee_cents integer not null,
  total_cents integer not null,
  charged_cents integer not null,
  extra_charge_cents integer not null,
  refund_cents integer not null,
  under_minimum_kind text,
  under_minimum_cents integer,
  now_chef_cents integer not null,
  now_fee_cents integer not null,
  now_refund_cents integer not null,
  extra_chef_cents integer not null default 0,
  extra_fee_cents integer not null default 0,
  extra_status text not null default 'none' check (extra_status in ('none', 'pending', 'collected', 'failed')),
  extra_payment_intent_id text unique,
  extra_failure_code text,
  extra_decline_code text,
  extra_requires_authentication boolean not null default false,
  extra_failed_at timestamptz,
  extra_due_at timestamptz,
  extra_collected_at timestamptz,
  extra_paid_in_app boolean not null default false,
  settled_at timestamptz not null default now()
);
create index timesheet_settlements_restaurant_idx on payments.timesheet_settlements (restaurant_id);
create index timesheet_settlements_owed_idx on payments.timesheet_settlements (extra_due_at) where extra_status = 'failed';
