-- The built-in Stripe emulator (sandbox mode only): its own tables, never read by the payments logic.
create table payments.sandbox_objects (
  id text primary key,
  object text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index sandbox_objects_object_idx on payments.sandbox_objects (object);

create table payments.sandbox_idempotency (
  key text primary key,
  request_hash text not null,
  status integer not null,
  body jsonb not null,
  created_at timestamptz not null default now()
);

create table payments.sandbox_events (
  seq bigserial primary key,
  id text not null unique,
  type text not null,
  payload text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index sandbox_events_pending_idx on payments.sandbox_events (next_attempt_at) where delivered_at is null and failed_at is null;
