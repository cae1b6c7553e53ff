-- Issue 39: appeals of a mark on a reliability record. Each fact gets a stable id (the mark's id in the API;
-- existing facts get one now), and the time it was removed on appeal (null: it counts). A removed fact stays,
-- so the record can say "1 removed on appeal" and the same fact is never recorded again.
alter table jobs.reliability_records add column id uuid;
update jobs.reliability_records set id = gen_random_uuid() where id is null;
alter table jobs.reliability_records alter column id set default gen_random_uuid();
alter table jobs.reliability_records alter column id set not null;
create unique index reliability_records_id_idx on jobs.reliability_records (id);
alter table jobs.reliability_records add column removed_at timestamptz;
-- GET /reliability/me: one side's facts, newest first
create index reliability_records_user_idx on jobs.reliability_records (user_id, occurred_at desc);

-- One appeal per mark (the unique mark_id has the last word in a race). The statement is translated for the
-- operator and the decision's note for the appellant (messaging, jobs.text.written.v1), each kept beside its text.
create table jobs.appeals (
  id uuid primary key,
  mark_id uuid not null unique references jobs.reliability_records (id),
  user_id uuid not null,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  job_id uuid not null references jobs.jobs (id),
  statement text not null,
  statement_language text not null check (statement_language in ('en', 'es')),
  statement_translation jsonb,
  status text not null default 'pending' check (status in ('pending', 'kept', 'removed')),
  created_at timestamptz not null,
  decided_at timestamptz,
  operator_id uuid,
  note text,
  note_translation jsonb,
  check ((status = 'pending') = (decided_at is null)),
  check ((decided_at is null) = (operator_id is null))
);
-- the operators' queue: pending oldest first, then the latest decided
create index appeals_pending_idx on jobs.appeals (created_at) where status = 'pending';
create index appeals_decided_idx on jobs.appeals (decided_at desc) where status <> 'pending';
