-- Issue 37: the fill engine's columns and tables, laid once so that its parts meet.
--
-- A roster-first window: for roster_first_minutes after the shift opens to chefs (escrow held), only the
-- restaurant's favorites see and can take it; roster_first_until is set when it opens, and the rules loop marks
-- roster_window_ended_at once when it passes (jobs.job.roster_window_ended.v1). instant_book lets chefs who meet
-- the bar book at once. boosted_from_rate_cents is the rate before the first boost (null: never boosted).
alter table jobs.jobs
  add column roster_first_minutes integer not null default 0 check (roster_first_minutes between 0 and 1440),
  add column roster_first_until timestamptz,
  add column roster_window_ended_at timestamptz,
  add column instant_book boolean not null default false,
  add column boosted_from_rate_cents integer check (boosted_from_rate_cents > 0);
create index jobs_roster_window_due_idx on jobs.jobs (roster_first_until)
  where roster_first_until is not null and roster_window_ended_at is null;

-- Reconfirmation: a confirmed chef booked before RECONFIRM_OPENS is asked (reconfirm_asked_at) and must answer
-- (reconfirmed_at) by reconfirm_by, or loses the seat. Null reconfirm_by: none due (booked inside the window).
alter table jobs.applications
  add column reconfirm_by timestamptz,
  add column reconfirm_asked_at timestamptz,
  add column reconfirmed_at timestamptz;
create index applications_reconfirm_due_idx on jobs.applications (reconfirm_by)
  where reconfirm_by is not null and reconfirmed_at is null;

-- A standby offer is an offer (GET /offers, POST /offers/{id}/accept) of kind 'standby'.
alter table jobs.offers add column kind text not null default 'direct' check (kind in ('direct', 'standby'));

-- A shift's standby list, in the order chefs joined (position by joined_at). left_at set: no longer waiting.
create table jobs.standby (
  id uuid primary key,
  job_id uuid not null references jobs.jobs (id),
  chef_id uuid not null,
  chef_profile_id uuid not null,
  joined_at timestamptz not null,
  left_at timestamptz,
  left_reason text check (left_reason in ('left', 'booked', 'blocked', 'closed', 'offered'))
);
create unique index standby_waiting_key on jobs.standby (job_id, chef_id) where left_at is null;
create index standby_job_idx on jobs.standby (job_id, joined_at) where left_at is null;
create index standby_chef_idx on jobs.standby (chef_id) where left_at is null;

-- Blocks: a restaurant blocked a chef (by = 'restaurant') or a chef hid a restaurant (by = 'chef'). Either one
-- keeps the two apart: the chef does not see the restaurant's shifts, cannot apply, book, stand by or be offered,
-- and is not texted about them. Nobody is told who blocked them.
create table jobs.blocks (
  restaurant_id uuid not null,
  chef_id uuid not null,
  by text not null check (by in ('restaurant', 'chef')),
  created_at timestamptz not null,
  primary key (restaurant_id, chef_id, by)
);
create index blocks_chef_idx on jobs.blocks (chef_id);

-- A chef's weekly availability (identity.chef_profile.updated.v1 gains it): alerts go to chefs available then.
alter table jobs.chef_profiles add column availability jsonb;
