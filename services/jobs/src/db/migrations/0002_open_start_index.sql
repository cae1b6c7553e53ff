-- The chefs' lists change when the next open shift starts: readVersions asks for min(start_time) of open
-- jobs after now on every poll, which this index answers from its first entry.
create index if not exists jobs_status_start_idx on jobs.jobs (status, start_time);
