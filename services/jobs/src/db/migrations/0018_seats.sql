-- Issue 35 (ADR 0030), step 1: seats inside the job, every job at one seat. A job is the posting (and its one
-- escrow charge); a seat is the unit of work and money: its chef, its checkout answers and ratings, its
-- cancellation figures and its money outcome. Those columns move from jobs.jobs to jobs.seats (seat 1 of every
-- existing job, copied unchanged), so there is one source of truth. The job's status is then derived from its
-- seats (contracts' jobStatusOfSeats) in the transaction of every seat change. Every new column defaults to
-- seat 1 / headcount 1, so that inserts written before seats (load-tests' seed) keep their meaning.

alter table jobs.jobs
  add column headcount integer not null default 1 check (headcount between 1 and 20);

create table jobs.seats (
  job_id uuid not null references jobs.jobs (id),
  seat_no integer not null default 1 check (seat_no between 1 and 20),
  -- the application that booked the seat (its chef confirmed), null while the seat is free
  application_id uuid references jobs.applications (id),
  chef_id uuid,
  status text not null default 'open' check (status in
    ('open', 'filled', 'completed', 'disputed', 'cancelled', 'expired')),
  restaurant_checkout_completed boolean not null default false,
  chef_checkout_completed boolean not null default false,
  restaurant_work_completed boolean,
  chef_work_completed boolean,
  chef_rating smallint check (chef_rating between 1 and 5),
  restaurant_rating smallint check (restaurant_rating between 1 and 5),
  restaurant_feedback text,
  chef_feedback text,
  restaurant_checked_out_at timestamptz,
  chef_checked_out_at timestamptz,
  -- a cancellation's figures for this seat: the chef it paid (accepted or confirmed), the pay, fee and refund
  cancelled_chef_id uuid,
  cancel_chef_pay_cents integer check (cancel_chef_pay_cents >= 0),
  cancel_fee_cents integer check (cancel_fee_cents >= 0),
  cancel_refund_cents integer check (cancel_refund_cents >= 0),
  -- the seat's money decision and what payments' closing event says the ledger moved (migration 0008)
  money_reason text check (money_reason in
    ('release', 'work_not_completed', 'job_cancelled', 'job_expired', 'late_cancellation', 'dispute_decision',
     'timesheet', 'sent_home', 'no_show')),
  money_chef_pay_cents integer check (money_chef_pay_cents >= 0),
  money_fee_cents integer check (money_fee_cents >= 0),
  money_refund_cents integer check (money_refund_cents >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (job_id, seat_no)
);
-- one seat per application
create unique index seats_application_idx on jobs.seats (application_id) where application_id is not null;

-- Every existing job becomes headcount 1 with seat 1: its status, its booked chef, its columns unchanged.
insert into jobs.seats (job_id, seat_no, application_id, chef_id, status,
  restaurant_checkout_completed, chef_checkout_completed, restaurant_work_completed, chef_work_completed,
  chef_rating, restaurant_rating, restaurant_feedback, chef_feedback, restaurant_checked_out_at, chef_checked_out_at,
  cancelled_chef_id, cancel_chef_pay_cents, cancel_fee_cents, cancel_refund_cents,
  money_reason, money_chef_pay_cents, money_fee_cents, money_refund_cents, created_at, updated_at)
select j.id, 1, a.id, a.chef_id,
  case when j.status in ('pending_payment', 'payment_failed', 'open') then 'open' else j.status end,
  j.restaurant_checkout_completed, j.chef_checkout_completed, j.restaurant_work_completed, j.chef_work_completed,
  j.chef_rating, j.restaurant_rating, j.restaurant_feedback, j.chef_feedback, j.restaurant_checked_out_at,
  j.chef_checked_out_at, j.cancelled_chef_id, j.cancel_chef_pay_cents, j.cancel_fee_cents, j.cancel_refund_cents,
  j.money_reason, j.money_chef_pay_cents, j.money_fee_cents, j.money_refund_cents, j.created_at, j.updated_at
  from jobs.jobs j
  left join lateral (
    select a.id, a.chef_id from jobs.applications a
     where a.job_id = j.id and a.status = 'accepted' and a.worker_confirmed = true
     order by a.updated_at desc, a.id limit 1
  ) a on j.status in ('filled', 'completed', 'disputed');

alter table jobs.jobs
  drop column restaurant_checkout_completed,
  drop column chef_checkout_completed,
  drop column restaurant_work_completed,
  drop column chef_work_completed,
  drop column chef_rating,
  drop column restaurant_rating,
  drop column restaurant_feedback,
  drop column chef_feedback,
  drop column restaurant_checked_out_at,
  drop column chef_checked_out_at,
  drop column cancelled_chef_id,
  drop column cancel_chef_pay_cents,
  drop column cancel_fee_cents,
  drop column cancel_refund_cents,
  drop column money_reason,
  drop column money_chef_pay_cents,
  drop column money_fee_cents,
  drop column money_refund_cents;

-- A dispute is a seat's: keyed (job_id, seat_no), its statements too.
alter table jobs.dispute_statements drop constraint if exists dispute_statements_job_id_fkey;
alter table jobs.disputes add column seat_no integer not null default 1 check (seat_no between 1 and 20);
alter table jobs.disputes drop constraint disputes_pkey;
alter table jobs.disputes add primary key (job_id, seat_no);
alter table jobs.dispute_statements add column seat_no integer not null default 1 check (seat_no between 1 and 20);
alter table jobs.dispute_statements
  add constraint dispute_statements_seat_fkey foreign key (job_id, seat_no) references jobs.disputes (job_id, seat_no);

-- A reliability fact is once per user, kind, job and seat.
alter table jobs.reliability_records add column seat_no integer not null default 1 check (seat_no between 1 and 20);
alter table jobs.reliability_records drop constraint reliability_records_pkey;
alter table jobs.reliability_records add primary key (user_id, kind, job_id, seat_no);
