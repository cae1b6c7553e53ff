-- Issue 35 (ADR 0030), step 2: a posting of several chefs. A job of N seats may have up to N chefs accepted or
-- confirmed at once, so the index that allowed one live acceptance per job goes. Its rule is now counted under
-- the job's row lock (accept-application.ts: the acceptances awaiting an answer never outnumber the free
-- seats; book-seat.ts: a confirmation takes the lowest free seat), and jobs.seats' keys have the last word: one
-- application per seat (seats_application_idx) and one seat per number.
drop index if exists jobs.applications_one_acceptance_idx;

-- The rules loop's per-seat claims: a seat still worked past its job's checkout deadline.
create index if not exists seats_filled_idx on jobs.seats (job_id) where status = 'filled';

-- Each seat's share leaves escrow on its own (payments names the seat on its closing events): the seat keeps
-- how its share closed (null while held), and the job's payment_status closes when its last seat's does.
alter table jobs.seats add column payment_status text
  check (payment_status in ('completed', 'refunded', 'settled'));
