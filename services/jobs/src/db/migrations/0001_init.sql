-- The jobs service's own data: jobs, applications, the roster, and read models of other services' facts.

create table jobs.jobs (
  id uuid primary key,
  restaurant_id uuid not null,
  title text not null,
  description text,
  start_time timestamptz not null,
  end_time timestamptz not null,
  hourly_rate_cents integer not null check (hourly_rate_cents > 0),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  fee_cents integer not null check (fee_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  emergency_level text not null check (emergency_level in ('normal', 'urgent')),
  required_skills jsonb not null default '[]'::jsonb,
  notify_favorites jsonb not null default '[]'::jsonb,
  status text not null check (status in ('pending_payment', 'payment_failed', 'open', 'filled', 'completed', 'cancelled', 'disputed')),
  payment_status text not null check (payment_status in ('pending', 'held_in_escrow', 'failed', 'completed', 'refunded', 'disputed')),
  restaurant_checkout_completed boolean not null default false,
  chef_checkout_completed boolean not null default false,
  restaurant_work_completed boolean,
  chef_work_completed boolean,
  chef_rating smallint check (chef_rating between 1 and 5),
  restaurant_rating smallint check (restaurant_rating between 1 and 5),
  restaurant_feedback text,
  chef_feedback text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_time > start_time)
);
-- chefs' open list (status = 'open' order by created_at desc) and the restaurants' own lists
create index jobs_status_created_idx on jobs.jobs (status, created_at desc);
create index jobs_restaurant_created_idx on jobs.jobs (restaurant_id, created_at desc);

create table jobs.applications (
  id uuid primary key,
  job_id uuid not null references jobs.jobs (id),
  chef_id uuid not null,
  chef_profile_id uuid,
  status text not null check (status in ('pending', 'accepted', 'rejected', 'cancelled')),
  worker_confirmed boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- one application per chef and job, whatever the race
  constraint applications_job_chef_key unique (job_id, chef_id)
);
-- a chef's own list
create index applications_chef_created_idx on jobs.applications (chef_id, created_at desc);
-- at most one accepted chef per job who has not declined, whatever the race
create unique index applications_one_acceptance_idx on jobs.applications (job_id)
  where status = 'accepted' and worker_confirmed is distinct from false;

create table jobs.favorites (
  id uuid primary key,
  restaurant_id uuid not null,
  chef_id uuid not null,
  chef_profile_id uuid not null,
  created_at timestamptz not null default now(),
  constraint favorites_restaurant_chef_key unique (restaurant_id, chef_id)
);

-- Read model of identity.chef_profile.updated.v1
create table jobs.chef_profiles (
  profile_id uuid primary key,
  user_id uuid not null unique,
  name text not null,
  bio text not null default '',
  city text,
  state text,
  skills jsonb not null default '[]'::jsonb,
  travel_radius integer,
  profile_image_url text,
  average_rating double precision,
  total_ratings integer not null default 0,
  source_occurred_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- Read model of identity.restaurant_profile.updated.v1
create table jobs.restaurant_profiles (
  profile_id uuid primary key,
  user_id uuid not null unique,
  name text not null,
  address text not null default '',
  city text not null default '',
  state text not null default '',
  logo_url text,
  cuisine_types jsonb not null default '[]'::jsonb,
  average_rating double precision,
  total_ratings integer not null default 0,
  source_occurred_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- Read model of payments.payout_account.updated.v1: can this chef receive payouts?
create table jobs.payout_accounts (
  user_id uuid primary key,
  payouts_enabled boolean not null,
  charges_enabled boolean not null,
  source_occurred_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- Version counters behind the ETags of GET /jobs and GET /applications:
-- 'jobs' (any job changed), 'r:<restaurant id>', 'c:<chef id>'. Bumped in the writing transaction.
create table jobs.list_versions (
  scope text primary key,
  version bigint not null
);
