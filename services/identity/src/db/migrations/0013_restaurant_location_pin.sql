-- Issue 34: a restaurant pins its location ("I am at the restaurant now": the browser's position, known to within
-- 250 m, in its city's area). latitude/longitude stay the restaurant's place for every distance; they hold the pin
-- when there is one (location_pinned_at set, with the browser's accuracy in metres), and the ZIP's or city's
-- centre otherwise (every existing restaurant: no pin, so its chefs clock in with its code only). A new address,
-- ZIP or city without a new pin removes the pin.
alter table identity.restaurant_profiles
  add column location_pinned_at timestamptz,
  add column location_accuracy_m double precision,
  add constraint restaurant_profiles_location_pin_check
    check ((location_pinned_at is null) = (location_accuracy_m is null));
