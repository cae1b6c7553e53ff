-- Issue 34: what has been collected for a seat so far (the timesheet's `pay.charged_cents`) is the escrow plus an
-- extra charge once payments collected it (payments.extra_charge.collected.v1).
alter table jobs.timesheets
  add column extra_collected_cents integer not null default 0 check (extra_collected_cents >= 0);
