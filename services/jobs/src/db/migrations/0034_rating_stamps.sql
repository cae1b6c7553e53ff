-- ADR 43 (issue 41): a rating that joins or leaves an average comes as its own event (identity.rating.changed.v1),
-- the whole profile only when its owner saves it. Events may arrive in any order, so the ratings keep their own
-- stamp: the time of the newest event, of either kind, whose figures they hold ('-infinity': none yet). Until now
-- both came with the profile, so its stamp is theirs.
alter table jobs.chef_profiles add column rating_occurred_at timestamptz not null default '-infinity';
update jobs.chef_profiles set rating_occurred_at = source_occurred_at;
alter table jobs.restaurant_profiles add column rating_occurred_at timestamptz not null default '-infinity';
update jobs.restaurant_profiles set rating_occurred_at = source_occurred_at;
