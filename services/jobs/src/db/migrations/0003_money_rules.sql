-- Issue 16: every paid shift leaves escrow by a rule. New states (a job expires, an application lapses, the
-- money of a late cancellation is settled as a split), how a job was cancelled, and reliability facts.

alter table jobs.jobs drop constraint if exists jobs_status_check;
alter table jobs.jobs add constraint jobs_status_check check (status in
  ('pending_payment', 'payment_failed', 'open', 'filled', 'completed', 'cancelled', 'expired', 'disputed'));
alter table jobs.jobs drop constraint if exists jobs_payment_status_check;
alter table jobs.jobs add constraint jobs_payment_status_check check (payment_status in
  ('pending', 'held_in_escrow', 'failed', 'completed', 'refunded', 'settled', 'disputed'));
alter table jobs.applications drop constraint if exists applications_status_check;
alter table jobs.applications add constraint applications_status_check check (status in
  ('pending', 'accepted', 'rejected', 'cancelled', 'lapsed'));

-- How the job was cancelled and what each side got (the cancellation quote when it was made); null otherwise.
alter table jobs.jobs
  add column cancelled_at timestamptz,
  add column cancelled_by text check (cancelled_by in ('restaurant', 'system')),
  add column cancelled_late boolean,
  add column cancelled_chef_id uuid,
  add column cancel_chef_pay_cents integer check (cancel_chef_pay_cents >= 0),
  add column cancel_fee_cents integer check (cancel_fee_cents >= 0),
  add column cancel_refund_cents integer check (cancel_refund_cents >= 0),
  add column cancel_reason text;

-- The rules loop: filled shifts whose checkout deadline (end + CHECKOUT_DEADLINE) passed. Expiry uses
-- jobs_status_start_idx (status, start_time).
create index if not exists jobs_filled_end_idx on jobs.jobs (end_time) where status = 'filled';

-- Reliability facts (explainable counts): once per user, kind and job. Published as
-- jobs.reliability.recorded.v1 in the same transaction.
create table jobs.reliability_records (
  user_id uuid not null,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  kind text not null check (kind in ('completed_shifts', 'late_cancellations', 'no_shows', 'disputes_lost')),
  job_id uuid not null references jobs.jobs (id),
  occurred_at timestamptz not null,
  primary key (user_id, kind, job_id)
);
