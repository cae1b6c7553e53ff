-- Issue 37: a chef's pending application turned down because the shift filled (bookSeat's `close`), not by the
-- restaurant: such a chef may still wait on the shift's standby list and take a seat offered from it (the
-- application is taken up again), while one the restaurant rejected may not. Rows before this: false.
alter table jobs.applications add column closed_at_fill boolean not null default false;
