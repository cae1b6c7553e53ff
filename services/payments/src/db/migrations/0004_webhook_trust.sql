-- Sandbox only: settings made once per installation and kept with the sandbox's data (the webhook signing
-- secret is random per installation, never a constant in the code).
create table payments.sandbox_settings (
  key text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- What payments refused to act on: a validly signed webhook (or a provider answer) that does not match its own
-- records or what the provider says when asked. Nothing else is changed by such an event; operators read these.
create table payments.anomalies (
  id bigserial primary key,
  source text not null,
  event_id text,
  event_type text,
  object_id text,
  job_id uuid,
  reason text not null,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index anomalies_created_idx on payments.anomalies (created_at desc);
