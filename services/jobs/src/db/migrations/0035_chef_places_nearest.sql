-- Issue 41 (ADR 45): whom to text about a shift is found from the chefs nearest the restaurant first. A GiST index
-- on each chef's recorded coordinates as a point answers "nearest first" (`<->`, KNN) and "inside this box" (`<@`);
-- the few chefs recorded without coordinates (before they were kept: their city's centre counts) have their own
-- small index, so a page reads only the chefs near enough. Core PostgreSQL, as identity's 0020: nothing to install,
-- nothing to fill.
create index chef_profiles_place_idx on jobs.chef_profiles using gist (point(longitude, latitude));
create index chef_profiles_placeless_idx on jobs.chef_profiles (user_id) where latitude is null or longitude is null;
