-- Issue 20: where chefs and restaurants are (from identity's profile events), so the chefs' open list keeps the
-- shifts within a chef's travel radius and says how far each one is; and a restaurant's invitations of chefs.
-- Rows recorded before this migration have no coordinates: the list places them at their city's centre until
-- the next profile event brings them.
alter table jobs.chef_profiles add column latitude double precision, add column longitude double precision;
alter table jobs.restaurant_profiles add column latitude double precision, add column longitude double precision;

-- One invitation per chef and shift: the chef is texted once (notifications), a second invite changes nothing.
create table jobs.invitations (
  job_id uuid not null references jobs.jobs (id),
  chef_id uuid not null,
  chef_profile_id uuid not null,
  restaurant_id uuid not null,
  invited_at timestamptz not null,
  primary key (job_id, chef_id)
);
create index invitations_restaurant_idx on jobs.invitations (restaurant_id, invited_at desc);
