-- Issue 32: a chef's home, where their distances are measured from. latitude/longitude stay the chef's place for
-- every distance (chef search, and jobs' openings through the profile event); they now hold the home when there
-- is one: a ZIP's centre (home_source 'zip', home_zip the ZIP) or the browser's position rounded to 0.01 degree
-- (home_source 'location'). Without a home (every existing chef), the city's centre as before. The home is
-- private: answers to anyone but the chef show the city's centre and neither column.
alter table identity.chef_profiles
  add column home_source text check (home_source in ('zip', 'location')),
  add column home_zip text,
  add constraint chef_profiles_home_zip_check check ((home_source = 'zip') = (home_zip is not null));
