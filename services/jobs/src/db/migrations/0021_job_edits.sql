-- Issue 35 (ADR 0031): edits of a posted shift. Every edit is kept with the shape before and after it (times,
-- rate, break, headcount, and the words it changed) and what it moves. An edit whose total rises waits as
-- `charging` until payments collects the difference off-session (then `applied`) or fails (`declined`, with the
-- card's code); one whose collected charge can no longer take effect is `dropped` (payments refunds it).
create table jobs.job_edits (
  id uuid primary key,
  job_id uuid not null references jobs.jobs (id),
  before jsonb not null,
  after jsonb not null,
  charge_cents integer not null default 0 check (charge_cents >= 0),
  refund_cents integer not null default 0 check (refund_cents >= 0),
  status text not null check (status in ('charging', 'applied', 'declined', 'dropped')),
  code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index job_edits_job_idx on jobs.job_edits (job_id, created_at desc, id);
-- at most one edit of a job is being charged at a time (a second one is refused: JOBS.EDIT_PENDING)
create unique index job_edits_charging_idx on jobs.job_edits (job_id) where status = 'charging';

-- A booked chef's answer to an edit of the times or pay they said yes to, while it is due: one per
-- application (a later edit replaces the question and keeps `before`, the terms the chef agreed to). Answered
-- (or its chef gone), the row is deleted; past `answer_by` nobody answers and the booking stands.
create table jobs.edit_answers (
  application_id uuid primary key references jobs.applications (id),
  job_id uuid not null references jobs.jobs (id),
  edit_id uuid not null references jobs.job_edits (id),
  before jsonb not null,
  after jsonb not null,
  answer_by timestamptz not null,
  created_at timestamptz not null default now()
);
create index edit_answers_job_idx on jobs.edit_answers (job_id);
