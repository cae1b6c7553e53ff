-- Issue 40: a notification's deliveries by channels other than SMS (email now; push next), one per notification
-- and channel, sent by the scheduler with retries like the texts: a notification handled twice is mailed once.
create table notifications.deliveries (
  seq bigserial primary key,
  notification_id uuid not null,
  channel text not null,
  recipient_id uuid not null,
  status text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  target text,
  language text,
  provider_id text,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz,
  unique (notification_id, channel)
);
create index deliveries_due_idx on notifications.deliveries (next_attempt_at) where status in ('queued', 'sending');

-- Who can be mailed: identity's email and whether its link was confirmed (identity.user.* events).
alter table notifications.recipients add column email text;
alter table notifications.recipients add column email_verified boolean not null default false;

-- Secrets this service keeps with its data when none is configured (the unsubscribe links' key), made once.
create table notifications.secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
