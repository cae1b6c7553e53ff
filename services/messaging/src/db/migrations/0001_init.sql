-- Read model (from jobs and identity events) and the service's own data: threads, messages, read marks.

-- Jobs as far as messaging needs them: who owns the job and its title.
create table messaging.jobs (
  job_id uuid primary key,
  restaurant_id uuid not null,
  title text not null,
  updated_at timestamptz not null default now()
);

-- Users: type, display name (from profile events) and language preference (from user and profile events).
create table messaging.participants (
  user_id uuid primary key,
  user_type text,
  name text,
  name_at timestamptz,
  language text,
  language_at timestamptz
);

-- Applications, so /messages/application/{id} finds its thread.
create table messaging.applications (
  application_id uuid primary key,
  job_id uuid not null,
  chef_id uuid not null,
  restaurant_id uuid not null,
  status text not null,
  status_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index applications_thread_idx on messaging.applications (job_id, chef_id);

-- A conversation: one job and one chef with the job's restaurant. Created when the chef applies.
-- last_seq is the per-thread message counter; the row is locked while a message is written, so within a
-- thread seq order is commit order and a `since` cursor never skips a message.
create table messaging.threads (
  job_id uuid not null,
  chef_id uuid not null,
  restaurant_id uuid not null,
  application_id uuid not null,
  application_status text not null,
  status_at timestamptz not null,
  last_seq integer not null default 0,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (job_id, chef_id)
);
create index threads_chef_idx on messaging.threads (chef_id);
create index threads_restaurant_idx on messaging.threads (restaurant_id);

-- Messages keep the original text and language, and the one translation made at send time for the recipient.
create table messaging.messages (
  id uuid primary key,
  job_id uuid not null,
  chef_id uuid not null,
  seq integer not null,
  sender_id uuid not null,
  recipient_id uuid not null,
  original_content text not null,
  original_language text not null,
  translated_content text,
  translated_language text,
  created_at timestamptz not null,
  unique (job_id, chef_id, seq),
  foreign key (job_id, chef_id) references messaging.threads (job_id, chef_id)
);
create index messages_thread_created_idx on messaging.messages (job_id, chef_id, created_at);

-- How far each reader has read each thread.
create table messaging.thread_reads (
  job_id uuid not null,
  chef_id uuid not null,
  reader_id uuid not null,
  last_read_seq integer not null default 0,
  read_at timestamptz not null,
  primary key (job_id, chef_id, reader_id)
);

-- A per-user version of the conversation list: bumped by anything that changes it, so its ETag is one lookup.
create sequence messaging.inbox_version_seq;
create table messaging.inboxes (
  user_id uuid primary key,
  version bigint not null
);
