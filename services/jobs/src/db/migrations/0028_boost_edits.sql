-- Issue 37: a boost is an edit of the rate only (ADR 0031), charged and kept as any edit, but marked so that
-- when its charge is collected the shift shows "boosted" (jobs.boosted_from_rate_cents), jobs.job.boosted.v1
-- tells chefs, and its booked chefs get the raise without being asked to answer.
alter table jobs.job_edits add column kind text not null default 'edit' check (kind in ('edit', 'boost'));
