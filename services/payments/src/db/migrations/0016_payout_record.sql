-- Issue 38 (instant payout): what the free rule reads that payments did not keep.
-- No-shows on a chef's record (jobs.reliability.recorded.v1, kind no_shows), once per chef, job and seat: the
-- free rule counts those of the last 90 days.
create table payments.payout_no_shows (
  user_id uuid not null,
  job_id uuid not null,
  seat_no integer not null default 0,
  occurred_at timestamptz not null,
  primary key (user_id, job_id, seat_no)
);
create index payout_no_shows_recent_idx on payments.payout_no_shows (user_id, occurred_at);

