-- Issue 35 (ADR 0031): repeats and weekly series. A series keeps the shape of its shift (times of day in the
-- restaurant's own calendar: an end before the start ends the next day) and its dates; each date is an
-- occurrence, scheduled until the rules loop posts it (a job of its own, charged to the card on file)
-- SERIES_CHARGE_LEAD before its start. A repeat (`POST /jobs/{id}/repeat`) is a series of kind 'dates'. The
-- restaurant's language is kept so the scheduler announces the description as the restaurant wrote it.
create table jobs.job_series (
  id uuid primary key,
  restaurant_id uuid not null,
  kind text not null check (kind in ('weekly', 'dates')),
  title text not null,
  start_time text not null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text not null check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and end_time <> start_time),
  hourly_rate_cents integer not null check (hourly_rate_cents > 0),
  headcount integer not null default 1 check (headcount between 1 and 20),
  break_minutes integer not null default 0 check (break_minutes between 0 and 120),
  description text,
  required_skills jsonb not null default '[]'::jsonb,
  language text not null default 'en' check (language in ('en', 'es')),
  weekdays jsonb not null default '[]'::jsonb,
  from_date date not null,
  until_date date not null,
  status text not null default 'active' check (status in ('active', 'stopped')),
  source_job_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index job_series_restaurant_idx on jobs.job_series (restaurant_id, created_at desc);

-- One row per date of a series. `charge_at` = start - SERIES_CHARGE_LEAD: the rules loop claims the scheduled
-- ones whose charge_at has come (FOR UPDATE SKIP LOCKED), creates the job and marks it posted in one
-- transaction, so each occurrence is posted and charged once.
create table jobs.series_occurrences (
  series_id uuid not null references jobs.job_series (id),
  date date not null,
  start_time timestamptz not null,
  end_time timestamptz not null,
  status text not null default 'scheduled'
    check (status in ('scheduled', 'posted', 'payment_needed', 'skipped')),
  job_id uuid references jobs.jobs (id),
  charge_at timestamptz not null,
  primary key (series_id, date)
);
create index series_occurrences_due_idx on jobs.series_occurrences (charge_at) where status = 'scheduled';
create unique index series_occurrences_job_key on jobs.series_occurrences (job_id) where job_id is not null;

alter table jobs.jobs add column series_id uuid;
alter table jobs.jobs add column occurrence_date date;
create index jobs_series_idx on jobs.jobs (series_id) where series_id is not null;
