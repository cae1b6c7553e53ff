-- Issue 39: credentials a shift requires, and jobs' read model of the chefs' verified ones.
-- identity.credential.verified.v1 records one (status verified), identity.credential.revoked.v1 takes it back
-- (revoked wins whatever order the two arrive in). A credential counts until 00:00 of its expires_on day in its
-- chef's city's zone (jobs.chef_profiles.city): no event marks the day, the reads compare with the clock.
create table jobs.chef_credentials (
  credential_id uuid primary key,
  chef_id uuid not null,
  type text not null,
  expires_on date not null,
  status text not null check (status in ('verified', 'revoked')),
  recorded_at timestamptz not null default now()
);
create index chef_credentials_chef_idx on jobs.chef_credentials (chef_id, type) where status = 'verified';

-- The credentials a chef must hold to apply, book, take an offer or stand by (each type once).
alter table jobs.jobs add column required_credentials jsonb not null default '[]'::jsonb;
-- ...and what a template or a series passes on to the shifts posted from it.
alter table jobs.shift_templates add column required_credentials jsonb not null default '[]'::jsonb;
alter table jobs.job_series add column required_credentials jsonb not null default '[]'::jsonb;
