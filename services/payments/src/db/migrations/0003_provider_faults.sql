-- Why a money task is still pending (provider | payout_account | other): the payment status screens say so.
alter table payments.money_tasks add column last_error_kind text;
alter table payments.money_tasks add column last_attempt_at timestamptz;

-- Sandbox only: faults the Stripe emulator injects into the SDK's calls (tests of provider outages).
create table payments.sandbox_faults (
  id bigserial primary key,
  method text not null,
  path_pattern text not null,
  mode text not null check (mode in ('500', 'timeout', 'lost_response')),
  remaining integer,
  hits integer not null default 0,
  created_at timestamptz not null default now()
);

-- Every request the emulator failed on purpose, with its idempotency key (same key on every retry).
create table payments.sandbox_fault_hits (
  seq bigserial primary key,
  fault_id bigint not null,
  method text not null,
  path text not null,
  idempotency_key text,
  mode text not null,
  at timestamptz not null default now()
);
