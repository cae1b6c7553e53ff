-- Issue 34: whether a restaurant's latitude/longitude are a pin its owner set at the restaurant (identity's profile
-- event, location_pinned) rather than its ZIP's or city's centre. A location clock-in is measured from the pin
-- only; without one, chefs clock in with the restaurant's code. Rows recorded before: no pin until the next event.
alter table jobs.restaurant_profiles add column location_pinned boolean not null default false;
