-- Issue 35 (ADR 0030): a posting may have several chefs, each on a seat, each seat checked out and rated on its
-- own. A rating is kept once per job, seat and side, and a reliability fact once per user, kind, job and seat,
-- so the rating of seat 2 is no duplicate of seat 1's. Every row kept before seats is a one-chef job's: seat 1.
-- A reliability fact about the whole posting (the event's seat null, a restaurant's) is kept at seat 0, the
-- posting's own, as the ledger keeps its escrow charge.
alter table identity.ratings add column seat_no integer not null default 1
  check (seat_no between 1 and 20);
alter table identity.ratings drop constraint ratings_pkey;
alter table identity.ratings add primary key (job_id, seat_no, side);
alter table identity.reliability_facts add column seat_no integer not null default 1
  check (seat_no between 0 and 20);
alter table identity.reliability_facts drop constraint reliability_facts_pkey;
alter table identity.reliability_facts add primary key (user_id, kind, job_id, seat_no);
