-- Issue 35: direct offers. A restaurant offers an open shift to a chef; the chef accepts (their application is
-- created accepted and confirmed in the same transaction) or declines. A pending offer past `expires_at`
-- (OFFER_EXPIRES_AFTER after it was made, or the shift's start if sooner) reads expired wherever it is read; it
-- is marked so when the job is next offered. One live offer per chef and shift (the unique index has the last
-- word in a race).
create table jobs.offers (
  id uuid primary key,
  job_id uuid not null references jobs.jobs (id),
  restaurant_id uuid not null,
  chef_id uuid not null,
  chef_profile_id uuid not null,
  status text not null default 'pending'
    check (status in ('pending', 'accepted', 'declined', 'expired', 'taken', 'withdrawn')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  answered_at timestamptz,
  application_id uuid references jobs.applications (id)
);
create unique index offers_live_key on jobs.offers (job_id, chef_id) where status = 'pending';
create index offers_chef_idx on jobs.offers (chef_id, created_at desc);
create index offers_job_idx on jobs.offers (job_id, created_at desc);

-- Read model of identity's suspensions: a suspended chef is not offered shifts (409 JOBS.CHEF_SUSPENDED) until
-- an operator reinstates them.
create table jobs.suspended_users (
  user_id uuid primary key,
  suspended_at timestamptz not null,
  source_occurred_at timestamptz not null
);
