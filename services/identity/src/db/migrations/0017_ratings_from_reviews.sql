-- Issue 39: a rating counts in a profile's average when jobs publishes its review (jobs.review.published.v1: both
-- sides reviewed the seat, or REVIEW_PUBLISH_AFTER passed) and leaves it when an operator hides the review
-- (jobs.review.hidden.v1). Ratings kept before this change (from checkouts, shown to both sides already) stay as
-- they are and stay counted: jobs made them published reviews (its migration 0032). A hidden rating stays here,
-- marked, so that a repeated or late publication never counts it again.
alter table identity.ratings add column hidden_at timestamptz;
alter table identity.ratings add column review_id uuid;
