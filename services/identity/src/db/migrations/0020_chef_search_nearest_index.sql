-- Issue 41 (ADR 40): a new chef search finds how far its page reaches from the nearest chefs first. A GiST index on
-- each chef's place as a point (longitude, latitude) answers "nearest first" (`<->`, KNN) inside the radius's box
-- (`<@`), with the filters' columns included so the walk reads the index alone; the page itself is then the exact
-- great-circle page over only the chefs that near. Core PostgreSQL: no extension, nothing to install, in PGlite as in
-- PostgreSQL 15. Built from the existing columns: nothing to fill.
create index chef_profiles_nearest_idx on identity.chef_profiles using gist (point(longitude, latitude))
  include (latitude, longitude, skills, hourly_rate_min, city, user_id);
