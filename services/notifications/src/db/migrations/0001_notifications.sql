-- Read model of the people we text, fed by identity events: phone, language, type, name, city.
create table notifications.recipients (
  user_id uuid primary key,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  phone text,
  phone_verified boolean not null default false,
  language text not null default 'en' check (language in ('en', 'es')),
  profile_id uuid,
  name text,
  city text,
  address text,
  updated_at timestamptz not null default now()
);
create index recipients_profile_idx on notifications.recipients (profile_id);
-- urgent shifts go to every chef of the restaurant's city
create index recipients_city_chefs_idx on notifications.recipients (city) where user_type = 'chef';

-- The settings screen's three toggles; no row = all on.
create table notifications.preferences (
  user_id uuid primary key,
  sms_notifications boolean not null default true,
  job_reminders boolean not null default true,
  rating_reminders boolean not null default true,
  updated_at timestamptz not null default now()
);

-- Read model of jobs and applications (from jobs events): what reminders and texts need to know.
create table notifications.jobs (
  job_id uuid primary key,
  restaurant_id uuid not null,
  title text not null,
  start_time timestamptz not null,
  end_time timestamptz not null,
  hourly_rate_cents integer,
  emergency_level text not null default 'normal',
  cancelled boolean not null default false,
  updated_at timestamptz not null default now()
);

create table notifications.applications (
  application_id uuid primary key,
  job_id uuid not null,
  chef_id uuid not null,
  restaurant_id uuid not null,
  status text not null,
  chef_checked_out boolean not null default false,
  restaurant_checked_out boolean not null default false,
  updated_at timestamptz not null default now()
);
create index applications_job_idx on notifications.applications (job_id);

-- Every text: queued by an event or a reminder, sent by the scheduler (several instances: FOR UPDATE SKIP LOCKED).
-- status: queued -> sending -> sent | queued (retry after backoff) | failed; suppressed = never sent (preferences, no phone).
create table notifications.sms (
  seq bigserial primary key,
  id uuid not null unique,
  -- one text per cause: a duplicate event or reminder can never queue a second one
  dedupe_key text not null unique,
  recipient_id uuid not null,
  template text not null,
  vars jsonb not null default '{}'::jsonb,
  priority integer not null default 100,
  status text not null check (status in ('queued', 'sending', 'sent', 'failed', 'suppressed')),
  suppress_reason text,
  to_phone text,
  language text,
  body text,
  provider text,
  provider_id text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index sms_due_idx on notifications.sms (priority, seq) where status in ('queued', 'sending');
create index sms_outbox_idx on notifications.sms (sent_at desc) where status = 'sent';
create index sms_recipient_idx on notifications.sms (recipient_id, created_at desc);

-- Durable reminders with a due time: job reminder (1 h before start), rating reminder (after the end),
-- new-message nudge (10 min after an unread message). status: pending -> done | dropped.
create table notifications.reminders (
  id uuid primary key,
  kind text not null check (kind in ('job_reminder', 'rating_reminder', 'new_message')),
  reminder_key text not null unique,
  recipient_id uuid not null,
  job_id uuid not null,
  application_id uuid,
  chef_id uuid,
  -- the other party (the restaurant for a chef's reminder, the sender for a new-message text)
  other_id uuid,
  message_at timestamptz,
  due_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'done', 'dropped')),
  drop_reason text,
  created_at timestamptz not null,
  processed_at timestamptz
);
create index reminders_due_idx on notifications.reminders (due_at) where status = 'pending';
create index reminders_job_idx on notifications.reminders (job_id) where status = 'pending';
-- at most one pending new-message nudge per thread and reader: the earliest unread message keeps its due time
create unique index reminders_one_nudge_idx on notifications.reminders (recipient_id, job_id, chef_id)
  where status = 'pending' and kind = 'new_message';

-- Threads as notifications sees them, per participant: when a message last reached them, when they last opened
-- the thread, when we last texted them about it (at most once an hour).
create table notifications.threads (
  job_id uuid not null,
  chef_id uuid not null,
  participant_id uuid not null,
  last_message_at timestamptz,
  last_read_at timestamptz,
  last_texted_at timestamptz,
  primary key (job_id, chef_id, participant_id)
);
