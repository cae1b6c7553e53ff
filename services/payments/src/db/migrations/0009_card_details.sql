-- Issue 20: receipts name the card a shift was charged to. Brand and last 4 digits as the provider described the
-- PaymentMethod of the succeeded PaymentIntent (never from a client); null when the provider's answer lacked them.
alter table payments.job_payments add column if not exists card_brand text;
alter table payments.job_payments add column if not exists card_last4 text;
