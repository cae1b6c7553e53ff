-- Issue 22: chef search by radius reads a bounding box on (latitude, longitude) from this index before the exact
-- great-circle distance; skills already have their GIN index (chef_profiles_skills_idx, 0001). The search leaves
-- suspended chefs out: the few suspended users are found from a partial index instead of a scan of every user.
create index chef_profiles_location_idx on identity.chef_profiles (latitude, longitude);
create index users_suspended_idx on identity.users (id) where suspended_at is not null;
