-- Issue 22: a new chef search finds its page's ids from this index alone (an index-only scan: the bounding box on
-- (latitude, longitude), the skills filter, the distance and the order's ties all come from the index's columns),
-- then reads the page's wide rows (bio, availability...) by id. It replaces the plain (latitude, longitude) index
-- of 0006, which is its prefix.
create index chef_profiles_search_idx on identity.chef_profiles (latitude, longitude)
  include (skills, hourly_rate_min, total_ratings, name, user_id, id);
drop index identity.chef_profiles_location_idx;
