-- Issue 16: every paid shift leaves escrow by a rule, and people are told at each step.
-- jobs: the total charged (from jobs.job.posted.v1: the expiry text cites the full refund) and whether the shift
-- expired (nobody confirmed by the start: no reminder about it goes out).
alter table notifications.jobs add column total_cents integer;
alter table notifications.jobs add column expired boolean not null default false;

-- applications: how the checkout closed (both answered, or the deadline passed): release, refund or disputed.
-- Once set, no checkout-deadline reminder is sent for it.
alter table notifications.applications add column checkout_outcome text;

-- reminders: a checkout-deadline reminder to a side that has not answered, CHECKOUT_REMINDERS before the
-- deadline (CHECKOUT_DEADLINE after the shift's end). `lead_ms` is how long before the deadline it falls due,
-- so it follows the shift when its times change.
alter table notifications.reminders drop constraint reminders_kind_check;
alter table notifications.reminders add constraint reminders_kind_check
  check (kind in ('job_reminder', 'rating_reminder', 'new_message', 'checkout_deadline'));
alter table notifications.reminders add column lead_ms bigint;
