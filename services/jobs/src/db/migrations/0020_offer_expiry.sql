-- Issue 35: a direct offer's expiry is a state change made by the rules loop (use-cases/expire-offer.ts), which
-- publishes jobs.offer.expired.v1 once. The loop claims the pending offers past their end, oldest end first:
-- this index finds them without reading the answered ones.
create index offers_pending_end_idx on jobs.offers (expires_at, id) where status = 'pending';
