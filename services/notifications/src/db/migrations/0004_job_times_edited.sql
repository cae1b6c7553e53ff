-- Issue 35: a posted shift's times and rate can be edited (jobs.job.edited.v1). The time of the edit whose terms
-- the job holds: an event of another queue published before the edit but handled after it carries the old terms,
-- and must not take the job (and its reminders) back to them.
alter table notifications.jobs add column times_edited_at timestamptz;
