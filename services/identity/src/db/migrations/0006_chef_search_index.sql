-- Issue 22: chef search by radius reads a bounding box on (latitude, longitude) from this index before the exact
-- great-circle distance; skills already have their GIN index (chef_profiles_skills_idx, 0001).
create index chef_profiles_location_idx on identity.chef_profiles (latitude, longitude);
