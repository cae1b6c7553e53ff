-- Issue 34 (ADR 0028): the working day. The posting's expected unpaid break (the escrow charges the scheduled
-- time less it), the restaurant's 4-digit clock code (set when a chef confirms), one timesheet per confirmed
-- application (created at its first clock event: a clock-in, a wrong code, a no-show) with its clock events, and
-- the kind of a dispute (today's worked/not-worked one, or an hours dispute on a timesheet).
alter table jobs.jobs
  add column break_minutes integer not null default 0 check (break_minutes between 0 and 120),
  add column clock_code text check (clock_code ~ '^[0-9]{4}$');

-- Shifts confirmed before this migration get their code now.
update jobs.jobs set clock_code = lpad(floor(random() * 10000)::int::text, 4, '0')
 where clock_code is null and status in ('filled', 'disputed', 'completed');

create table jobs.timesheets (
  application_id uuid primary key references jobs.applications (id),
  job_id uuid not null references jobs.jobs (id),
  chef_id uuid not null,
  status text not null default 'not_started' check (status in
    ('not_started', 'clocked_in', 'submitted', 'adjusted', 'approved', 'auto_approved', 'disputed', 'resolved',
     'no_show', 'sent_home')),
  -- the times counted now (the chef's, then the restaurant's adjustment or the operator's decision)
  clock_in_at timestamptz,
  clock_out_at timestamptz,
  break_minutes integer not null default 0 check (break_minutes between 0 and 120),
  clock_in_set_by_restaurant boolean not null default false,
  worked_minutes integer check (worked_minutes >= 0),
  late boolean not null default false,
  auto_clocked_out boolean not null default false,
  submitted_at timestamptz,
  -- the chef's timesheet as submitted (kept beside an adjustment: the dispute shows both)
  chef_clock_in_at timestamptz,
  chef_clock_out_at timestamptz,
  chef_break_minutes integer check (chef_break_minutes between 0 and 120),
  adjusted_at timestamptz,
  adjust_reason text,
  adjust_language text check (adjust_language in ('en', 'es')),
  no_show_at timestamptz,
  -- the no-show stood HOURS_DISPUTE_WINDOW uncontested: the full refund was published
  no_show_final_at timestamptz,
  settled_at timestamptz,
  -- the money the settled hours came to (timesheetMoney), as published
  chef_pay_cents integer check (chef_pay_cents >= 0),
  fee_cents integer check (fee_cents >= 0),
  extra_charge_cents integer check (extra_charge_cents >= 0),
  refund_cents integer check (refund_cents >= 0),
  running_late_minutes integer check (running_late_minutes between 1 and 240),
  running_late_at timestamptz,
  -- wrong clock codes in a row (CLOCK_CODE_MAX_WRONG lock the code until locked_until)
  wrong_codes integer not null default 0 check (wrong_codes >= 0),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index timesheets_job_idx on jobs.timesheets (job_id);
create index timesheets_open_idx on jobs.timesheets (status)
  where status in ('clocked_in', 'submitted', 'adjusted') or (status = 'no_show' and no_show_final_at is null);

create table jobs.timesheet_events (
  id uuid primary key,
  application_id uuid not null references jobs.timesheets (application_id),
  type text not null check (type in ('clock_in', 'clock_out', 'auto_clock_out', 'running_late', 'adjusted',
    'accepted', 'approved', 'auto_approved', 'disputed', 'resolved', 'sent_home', 'no_show')),
  at timestamptz not null,
  by text not null check (by in ('chef', 'restaurant', 'operator', 'system')),
  method text check (method in ('location', 'code')),
  latitude double precision,
  longitude double precision,
  accuracy_m double precision,
  distance_m integer,
  clock_in_at timestamptz,
  clock_out_at timestamptz,
  break_minutes integer,
  minutes integer,
  note text
);
create index timesheet_events_app_idx on jobs.timesheet_events (application_id, at, id);

alter table jobs.disputes
  add column kind text not null default 'work' check (kind in ('work', 'hours'));
