-- Reliability records (issue 16): the facts jobs announces (`jobs.reliability.recorded.v1`), one row per user,
-- kind and job, so a replayed or duplicated event never counts twice. Profiles count them all time and over
-- the last 90 days by `occurred_at` at read time: a fact drops out of the recent counts without any event.
-- No foreign key to users: a fact is kept even when it arrives before (or without) the account's own rows.
create table identity.reliability_facts (
  user_id uuid not null,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  kind text not null check (kind in ('completed_shifts', 'late_cancellations', 'no_shows', 'disputes_lost')),
  job_id uuid not null,
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  primary key (user_id, kind, job_id)
);
