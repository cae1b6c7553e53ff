-- Issue 40: Web Push. Each browser's subscription (PushSubscription.toJSON()), by its endpoint: one endpoint is
-- one browser profile, so the same endpoint subscribed again (another person on that browser) moves to them.
create table notifications.push_subscriptions (
  endpoint text primary key,
  user_id uuid not null,
  p256dh text not null,
  auth text not null,
  expires_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index push_subscriptions_user_idx on notifications.push_subscriptions (user_id, updated_at desc);
