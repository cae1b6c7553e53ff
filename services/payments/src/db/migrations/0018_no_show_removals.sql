-- Issue 39: a no-show removed on appeal (jobs.mark.removed.v1) no longer counts against the instant payout's
-- free rule. The row stays with the time it was removed, so a redelivered jobs.reliability.recorded.v1 never
-- counts it again; a removal that arrives before its no-show keeps it as removed.
alter table payments.payout_no_shows add column removed_at timestamptz;
