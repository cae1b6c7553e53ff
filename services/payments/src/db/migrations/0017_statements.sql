-- Issue 38 (statements): a restaurant's weekly statement is an ISO week in its own time zone, and a chef's tax
-- year a calendar year in theirs. Payments' read model of profiles keeps the city (the zone is the city's) from
-- identity's profile events; rows written before have none and read America/Chicago until the next event.
alter table payments.profile_names add column if not exists city text;

-- The Monday text: one `payments.statement.ready.v1` per restaurant and week, written in the same transaction as
-- this row (the primary key refuses a second: two instances, a restart, a scheduler that runs twice).
create table payments.statement_sends (
  restaurant_id uuid not null,
  week text not null,
  charged_cents bigint not null,
  net_cents bigint not null,
  sent_at timestamptz not null default now(),
  primary key (restaurant_id, week)
);

-- The week's movements of a restaurant's jobs and the year's of a chef's are read by when they were booked.
create index if not exists ledger_entries_created_idx on payments.ledger_entries (created_at);
