-- Issue 35 (ADR 0030), step 1: the seat dimension, every job at one seat. The job stays the posting and the unit
-- of its charge (job_payments keeps the charge-level facts); what payments holds per chef moves to a seat. Every
-- existing job becomes seat 1, its escrow charge the posting's own (seat 0). `default 1` everywhere: a row
-- written without a seat (before seats, or by a direct insert) is seat 1's.

-- The chefs a posting asks for (jobs.job.posted.v1 `headcount`): 1 until the API accepts more.
alter table payments.job_payments add column headcount integer not null default 1 check (headcount between 1 and 20);

-- One row per seat: its booked chef and application, and its own payment status (held, completed, refunded,
-- settled, disputed), with when it was disputed and closed.
create table payments.seat_payments (
  job_id uuid not null references payments.job_payments (job_id),
  seat_no integer not null check (seat_no between 1 and 20),
  application_id uuid,
  chef_id uuid,
  status text not null default 'pending'
    check (status in ('pending', 'held_in_escrow', 'failed', 'completed', 'refunded', 'settled', 'disputed')),
  disputed_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (job_id, seat_no)
);
create index seat_payments_application_idx on payments.seat_payments (application_id);
create index seat_payments_chef_idx on payments.seat_payments (chef_id);

-- Every job so far is seat 1: its chef, status and dates; its application the one accepted (or timesheeted) for
-- that chef, when payments saw one.
insert into payments.seat_payments (job_id, seat_no, application_id, chef_id, status, disputed_at, closed_at, created_at, updated_at)
select j.job_id, 1,
       coalesce(
         (select t.application_id from payments.timesheet_settlements t where t.job_id = j.job_id),
         (select t.application_id from payments.timesheets t where t.job_id = j.job_id),
         (select a.application_id from payments.applications a
           where a.job_id = j.job_id and a.chef_id = j.chef_id
           order by a.accepted_at nulls last, a.application_id limit 1)),
       j.chef_id, j.status, j.disputed_at, j.closed_at, j.created_at, j.updated_at
from payments.job_payments j;

-- One decision per seat.
alter table payments.decisions add column seat_no integer not null default 1 check (seat_no between 1 and 20);
alter table payments.decisions drop constraint decisions_pkey;
alter table payments.decisions add primary key (job_id, seat_no);

-- The ledger names the seat of every movement; the escrow charge is the posting's own (seat 0).
alter table payments.ledger_entries add column seat_no integer not null default 1 check (seat_no between 0 and 20);
update payments.ledger_entries set seat_no = 0 where kind = 'charge' and part = 'escrow';
drop index payments.ledger_one_per_kind_part_idx;
create unique index ledger_one_per_seat_kind_part_idx on payments.ledger_entries (job_id, seat_no, kind, part);

-- Money tasks per seat: one of a kind and part per seat.
alter table payments.money_tasks add column seat_no integer not null default 1 check (seat_no between 0 and 20);
drop index payments.money_tasks_one_per_kind_part_idx;
create unique index money_tasks_one_per_seat_kind_part_idx on payments.money_tasks (job_id, seat_no, kind, part);

-- A timesheet and its settlement per seat.
alter table payments.timesheets add column seat_no integer not null default 1 check (seat_no between 1 and 20);
alter table payments.timesheets drop constraint timesheets_job_id_key;
alter table payments.timesheets add constraint timesheets_job_seat_key unique (job_id, seat_no);

alter table payments.timesheet_settlements add column seat_no integer not null default 1 check (seat_no between 1 and 20);
alter table payments.timesheet_settlements drop constraint timesheet_settlements_job_id_key;
alter table payments.timesheet_settlements add constraint timesheet_settlements_job_seat_key unique (job_id, seat_no);
