-- Issue 16: every paid shift leaves escrow by a rule (cancellation, expiry, checkout deadline).

-- A split (late cancellation: the chef paid part, 7% of it kept, the rest refunded) closes a job as `settled`.
alter table payments.job_payments drop constraint job_payments_status_check;
alter table payments.job_payments add constraint job_payments_status_check
  check (status in ('pending', 'held_in_escrow', 'failed', 'completed', 'refunded', 'settled', 'disputed'));

-- The shift's times (from jobs.job.posted.v1; null for jobs posted before this migration, which the stuck-money
-- report skips), when the job expired, and since when a dispute waits for a decision.
alter table payments.job_payments add column start_time timestamptz;
alter table payments.job_payments add column end_time timestamptz;
alter table payments.job_payments add column expired_at timestamptz;
alter table payments.job_payments add column disputed_at timestamptz;

-- The applications read model learns which chef a restaurant accepted (jobs.application.accepted.v1): a late
-- cancellation pays only that chef.
alter table payments.applications add column accepted_at timestamptz;

-- The one decision that moves a job's escrow (release, full refund, or a split), with its figures: the money
-- tasks carry it out, the ledger rules compare what moved with it. One per job.
create table payments.decisions (
  job_id uuid primary key references payments.job_payments (job_id),
  kind text not null check (kind in ('release', 'refund', 'split')),
  reason text not null,
  chef_id uuid,
  chef_pay_cents integer not null check (chef_pay_cents >= 0),
  fee_cents integer not null check (fee_cents >= 0),
  refund_cents integer not null check (refund_cents >= 0),
  decided_at timestamptz not null default now()
);

-- Jobs decided before this migration: their decision, from the task they already have.
insert into payments.decisions (job_id, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents, decided_at)
select t.job_id,
       case when t.kind = 'transfer' then 'release' else 'refund' end,
       t.reason,
       t.destination_user_id,
       case when t.kind = 'transfer' then t.amount_cents else 0 end,
       case when t.kind = 'transfer' then j.fee_cents else 0 end,
       case when t.kind = 'refund' then t.amount_cents else 0 end,
       t.created_at
from payments.money_tasks t join payments.job_payments j on j.job_id = t.job_id;

-- Money tasks per (job, kind): a split is a transfer and a refund. A transfer carries the fee kept with it.
alter table payments.money_tasks add column fee_cents integer not null default 0 check (fee_cents >= 0);
update payments.money_tasks t set fee_cents = j.fee_cents
  from payments.job_payments j where j.job_id = t.job_id and t.kind = 'transfer';
drop index payments.money_tasks_one_per_job_idx;
create unique index money_tasks_one_per_kind_idx on payments.money_tasks (job_id, kind);

-- The stuck-money report reads held jobs and the refused decisions among the anomalies.
create index anomalies_job_reason_idx on payments.anomalies (job_id, reason);
