-- Issue 32: what a job's money did, as the facts that moved it. An operator's decision keeps its figures on the
-- job when it is made (on its way); payments' closing events (payout released, escrow refunded, escrow settled)
-- then write the figures the ledger moved, with the decision's reason. The job view names the outcome from
-- these (and from the rule that decided while payments has not closed yet): paid in full, refunded,
-- late-cancellation pay, split by a decision, under review, expired.
alter table jobs.jobs
  add column money_reason text check (money_reason in
    ('release', 'work_not_completed', 'job_cancelled', 'job_expired', 'late_cancellation', 'dispute_decision')),
  add column money_chef_pay_cents integer check (money_chef_pay_cents >= 0),
  add column money_fee_cents integer check (money_fee_cents >= 0),
  add column money_refund_cents integer check (money_refund_cents >= 0);

-- Disputes decided before this migration: their decision's figures.
update jobs.jobs j
   set money_reason = 'dispute_decision',
       money_chef_pay_cents = d.chef_pay_cents,
       money_fee_cents = d.fee_cents,
       money_refund_cents = d.refund_cents
  from jobs.disputes d
 where d.job_id = j.id and d.resolved_at is not null and j.money_reason is null;
