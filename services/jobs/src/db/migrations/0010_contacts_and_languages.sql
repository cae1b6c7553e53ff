-- Issue 32, "the owner sees who is coming": a booked shift shows each side the other's phone from
-- CONTACT_WINDOW (24h) before the start until the checkout deadline. Phones are identity's: jobs keeps each
-- chef's and restaurant's verified number from identity.user.registered.v1 / identity.user.updated.v1 (the
-- newest event wins, as in every read model here; null while the number is not verified).
create table jobs.user_phones (
  user_id uuid primary key,
  phone text,
  source_occurred_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- The languages a chef speaks (ISO 639-1 codes), from identity.chef_profile.updated.v1; identity's migration
-- 0010 announces every profile again, so the rows kept before fill in.
alter table jobs.chef_profiles add column languages jsonb not null default '[]'::jsonb;
