-- Issue 32: a chef's place may be their home (a ZIP's centre or their location to 0.01 degree, from identity's
-- profile events) rather than their city's centre: `home` says which, so the openings list can say where its
-- distances are measured from (and prompt a chef without a home to give one). A restaurant's ZIP, for the
-- Directions link to its address. Rows recorded before have neither until the next profile event.
alter table jobs.chef_profiles add column home boolean not null default false;
alter table jobs.restaurant_profiles add column zip text;
