-- Read models fed by events (jobs, applications, users) and the escrow state of every job.
create table payments.users (
  user_id uuid primary key,
  email text not null,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  created_at timestamptz not null default now()
);

-- One row per job: amounts come only from jobs.job.posted.v1; status is the job's payment_status.
create table payments.job_payments (
  job_id uuid primary key,
  restaurant_id uuid not null,
  title text not null,
  subtotal_cents integer not null check (subtotal_cents >= 0),
  fee_cents integer not null check (fee_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  status text not null default 'pending'
    check (status in ('pending', 'held_in_escrow', 'failed', 'completed', 'refunded', 'disputed')),
  payment_intent_id text unique,
  client_secret text,
  failed_attempts integer not null default 0,
  last_error_code text,
  last_decline_code text,
  last_error_message text,
  chef_id uuid,
  cancelled_at timestamptz,
  held_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index job_payments_restaurant_idx on payments.job_payments (restaurant_id);
create index job_payments_status_idx on payments.job_payments (status);

create table payments.applications (
  application_id uuid primary key,
  job_id uuid not null,
  chef_id uuid not null,
  restaurant_id uuid not null
);
create index applications_job_idx on payments.applications (job_id);

-- A declined attempt is recorded once, whether the confirm response or the webhook reports it first.
create table payments.payment_failures (
  failure_key text primary key,
  job_id uuid not null references payments.job_payments (job_id),
  payment_intent_id text not null,
  code text,
  decline_code text,
  message text not null,
  created_at timestamptz not null default now()
);

-- Stripe Connect accounts (Express), one per user.
create table payments.connected_accounts (
  user_id uuid primary key,
  account_id text not null unique,
  user_type text not null,
  charges_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  details_submitted boolean not null default false,
  currently_due jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The ledger: one per job. A job is charged once, transferred once, refunded once: the unique indexes
-- make a second transfer or refund impossible whatever the code does.
create table payments.ledger_entries (
  id bigserial primary key,
  job_id uuid not null references payments.job_payments (job_id),
  kind text not null check (kind in ('charge', 'fee', 'transfer', 'refund')),
  amount_cents integer not null check (amount_cents >= 0),
  provider_id text,
  idempotency_key text,
  created_at timestamptz not null default now()
);
create unique index ledger_one_per_kind_idx on payments.ledger_entries (job_id, kind);
create unique index ledger_provider_id_idx on payments.ledger_entries (kind, provider_id) where provider_id is not null;

-- Money movements to do at the provider (transfer, refund): written in the same transaction as the decision,
-- executed outside any transaction with an idempotency key derived from the job, retried until recorded.
create table payments.money_tasks (
  id bigserial primary key,
  job_id uuid not null references payments.job_payments (job_id),
  kind text not null check (kind in ('transfer', 'refund')),
  reason text not null,
  amount_cents integer not null check (amount_cents >= 0),
  destination_user_id uuid,
  idempotency_key text not null unique,
  status text not null default 'pending' check (status in ('pending', 'done', 'blocked')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create unique index money_tasks_one_per_job_idx on payments.money_tasks (job_id);
create index money_tasks_due_idx on payments.money_tasks (next_attempt_at) where status = 'pending';

-- Stripe webhook events already handled (each event id once).
create table payments.webhook_events (
  event_id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
