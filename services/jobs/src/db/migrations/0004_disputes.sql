-- Issue 17: a disputed shift (the checkout answers disagree) is a case an operator decides. The dispute row
-- opens with the dispute; each side adds statements (translated by messaging, kept beside the original); the
-- decision (what the chef is paid, the 7% kept, the rest refunded, and the operator's note) closes it.

create table jobs.disputes (
  job_id uuid primary key references jobs.jobs (id),
  chef_id uuid not null,
  restaurant_id uuid not null,
  opened_at timestamptz not null,
  -- the rules loop reminded operators once (DISPUTE_REMINDER_AFTER): the dispute is overdue
  reminded_at timestamptz,
  resolved_at timestamptz,
  operator_id uuid,
  chef_pay_cents integer check (chef_pay_cents >= 0),
  fee_cents integer check (fee_cents >= 0),
  refund_cents integer check (refund_cents >= 0),
  note text,
  check ((resolved_at is null) = (operator_id is null))
);
create index disputes_open_idx on jobs.disputes (opened_at) where resolved_at is null;

create table jobs.dispute_statements (
  id uuid primary key,
  job_id uuid not null references jobs.disputes (job_id),
  author_id uuid not null,
  author_side text not null check (author_side in ('chef', 'restaurant')),
  text text not null check (char_length(text) between 1 and 2000),
  language text not null check (language in ('en', 'es')),
  translated_text text,
  translated_language text check (translated_language in ('en', 'es')),
  created_at timestamptz not null default now()
);
create index dispute_statements_job_idx on jobs.dispute_statements (job_id, created_at);

-- When each side answered its checkout (the operator weighs the answers with their times).
alter table jobs.jobs
  add column restaurant_checked_out_at timestamptz,
  add column chef_checked_out_at timestamptz;

-- How many messages the two sides exchanged about a job (messaging.message.sent.v1): the thread's size.
create table jobs.thread_sizes (
  job_id uuid primary key,
  messages integer not null default 0 check (messages >= 0)
);

-- Shifts disputed before this migration get their dispute row (opened when the job last changed).
insert into jobs.disputes (job_id, chef_id, restaurant_id, opened_at)
select j.id, a.chef_id, j.restaurant_id, j.updated_at
  from jobs.jobs j
  join jobs.applications a on a.job_id = j.id and a.status = 'accepted' and a.worker_confirmed = true
 where j.status = 'disputed'
on conflict (job_id) do nothing;
