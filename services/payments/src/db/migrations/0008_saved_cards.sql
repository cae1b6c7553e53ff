-- Issue 20: a restaurant pays shifts with a saved card. Its Stripe Customer (made once, with an idempotency key
-- per restaurant), the SetupIntents payments created for it (so a SetupIntent id from a client is only ever one of
-- the caller's own), and the one card saved, as the provider described it (brand, last 4, expiry; no number).
create table payments.customers (
  restaurant_id uuid primary key,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);

create table payments.setup_intents (
  setup_intent_id text primary key,
  restaurant_id uuid not null,
  customer_id text not null,
  created_at timestamptz not null default now()
);
create index setup_intents_restaurant_idx on payments.setup_intents (restaurant_id);

create table payments.saved_cards (
  restaurant_id uuid primary key,
  customer_id text not null,
  payment_method_id text not null,
  setup_intent_id text not null,
  -- the SetupIntent's `created` at the provider: a late report of an older setup never replaces a newer card
  setup_created integer not null,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  updated_at timestamptz not null default now()
);
