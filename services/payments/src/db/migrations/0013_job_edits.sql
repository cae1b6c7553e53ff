-- Issue 35 (ADR 0031): edits of a posted shift move money by the difference, and a repeat or series occurrence is
-- charged off-session with the restaurant's card on file. A job may now have several charges: its escrow
-- PaymentIntent and one off-session charge per edit whose total rose.

-- Payments' own record of a posting's shape is job_payments' start_time, end_time, hourly_rate_cents, break_minutes
-- and headcount (0011, 0012); a job posted before 0011 has no rate (null): an edit of it is refused loudly.

-- Each edit payments heard of: the shapes it was asked to move between, its charge (a rise, off-session) and its
-- fate. One row per edit (a redelivery adds none); `seq` orders a job's edit charges (refunds take from the escrow
-- PaymentIntent first, then from the edit charges in this order).
create table payments.job_edits (
  edit_id uuid primary key,
  job_id uuid not null references payments.job_payments (job_id),
  seq bigserial not null,
  before jsonb not null,
  after jsonb not null,
  charge_cents integer not null default 0 check (charge_cents >= 0),
  charge_status text not null default 'none' check (charge_status in ('none', 'pending', 'collected', 'failed')),
  payment_intent_id text unique,
  charge_provider_id text,
  failure_code text,
  collected_at timestamptz,
  applied_at timestamptz,
  dropped_at timestamptz,
  created_at timestamptz not null default now()
);
create index job_edits_job_idx on payments.job_edits (job_id, seq);

-- A movement's part: the escrow's, a timesheet's extra, or one edit's (`edit:{editId}`: its charge at seat 0, its
-- refund at seat 0, and the share of a seat's refund taken from that edit's charge).
alter table payments.ledger_entries drop constraint if exists ledger_entries_part_check;
alter table payments.ledger_entries add constraint ledger_entries_part_check
  check (part in ('escrow', 'extra') or part like 'edit:%');
alter table payments.money_tasks drop constraint if exists money_tasks_part_check;
alter table payments.money_tasks add constraint money_tasks_part_check
  check (part in ('escrow', 'extra') or part like 'edit:%');

-- A refund of a job with several charges is split across them (never more from a PaymentIntent than it has left):
-- the task keeps its splits (PaymentIntent, amount, idempotency key each), and the ledger books each split as its
-- own entry (`split` 0 is the first, the only one of every job with one charge).
alter table payments.money_tasks add column splits jsonb;
alter table payments.ledger_entries add column split integer not null default 0 check (split between 0 and 40);
drop index payments.ledger_one_per_seat_kind_part_idx;
create unique index ledger_one_per_seat_kind_part_split_idx
  on payments.ledger_entries (job_id, seat_no, kind, part, split);
