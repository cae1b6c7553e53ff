-- Issue 20: receipts of shifts charged before 0009 name the charge, not the card. The card backfill asks the
-- provider once per such charge (the PaymentIntent with its PaymentMethod expanded) and marks the row when the
-- provider answered, card or not, so a charge is never asked about twice. Charges recorded with their card are
-- never asked about at all.
alter table payments.job_payments add column if not exists card_checked_at timestamptz;
create index if not exists job_payments_card_unknown_idx on payments.job_payments (job_id)
  where card_brand is null and card_checked_at is null and payment_intent_id is not null;
