-- The Stripe sandbox's own state (schema stripe_sandbox; its own database `<base>_stripe_sandbox` in real mode).
-- Until issue 18 these tables lived in the payments schema as `payments.sandbox_*`; an embedded installation
-- (one PGlite) gets its objects, events, faults and webhook secret copied over below, once.

-- Stripe objects as Stripe shapes them (JSON), by id.
create table stripe_sandbox.objects (
  id text primary key,
  object text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index objects_object_idx on stripe_sandbox.objects (object);

-- Stripe's idempotency: the first answer under a key, and the request it answered.
create table stripe_sandbox.idempotency (
  key text primary key,
  request_hash text not null,
  status integer not null,
  body jsonb not null,
  created_at timestamptz not null default now()
);

-- Events to deliver to the webhook endpoint (signed on every attempt, retried with backoff).
create table stripe_sandbox.events (
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
create index events_pending_idx on stripe_sandbox.events (next_attempt_at) where delivered_at is null and failed_at is null;

-- Faults injected into the SDK's calls (provider outages on demand).
create table stripe_sandbox.faults (
  id bigserial primary key,
  method text not null,
  path_pattern text not null,
  mode text not null check (mode in ('500', 'timeout', 'lost_response')),
  remaining integer,
  hits integer not null default 0,
  created_at timestamptz not null default now()
);

-- Every request the sandbox failed on purpose, with its idempotency key (same key on every retry).
create table stripe_sandbox.fault_hits (
  seq bigserial primary key,
  fault_id bigint not null,
  method text not null,
  path text not null,
  idempotency_key text,
  mode text not null,
  at timestamptz not null default now()
);

-- Settings made once per installation (the webhook signing secret, random, never a constant in the code).
create table stripe_sandbox.settings (
  key text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- An embedded installation from before issue 18 (payments' schema in the same PGlite): keep its sandbox state.
do $$
begin
  if to_regclass('payments.sandbox_objects') is not null then
    insert into stripe_sandbox.objects (id, object, data, created_at)
      select id, object, data, created_at from payments.sandbox_objects on conflict do nothing;
    insert into stripe_sandbox.idempotency (key, request_hash, status, body, created_at)
      select key, request_hash, status, body, created_at from payments.sandbox_idempotency on conflict do nothing;
    insert into stripe_sandbox.events (id, type, payload, attempts, next_attempt_at, delivered_at, failed_at, last_error, created_at)
      select id, type, payload, attempts, next_attempt_at, delivered_at, failed_at, last_error, created_at
      from payments.sandbox_events order by seq on conflict do nothing;
  end if;
  if to_regclass('payments.sandbox_settings') is not null then
    insert into stripe_sandbox.settings (key, value, created_at)
      select key, value, created_at from payments.sandbox_settings on conflict do nothing;
  end if;
end $$;
