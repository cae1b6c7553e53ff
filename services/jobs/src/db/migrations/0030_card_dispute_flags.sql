-- Issue 38 (ADR 0035): a restaurant whose card dispute was lost cannot post until it pays it back. Kept from
-- payments' events: payments.card_dispute.closed.v1 (lost) flags, payments.card_dispute.settled.v1 lifts.
create table jobs.card_dispute_flags (
  dispute_id text primary key,
  restaurant_id uuid not null,
  amount_cents integer not null check (amount_cents >= 0),
  flagged_at timestamptz not null default now(),
  settled_at timestamptz
);
create index card_dispute_flags_open_idx on jobs.card_dispute_flags (restaurant_id) where settled_at is null;
