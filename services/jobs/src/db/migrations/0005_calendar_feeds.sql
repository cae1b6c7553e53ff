-- Issue 20: each chef's and restaurant's private calendar feed (GET /calendar/{token}.ics, fetched by calendar
-- apps without a session). The token is a read-only key to one person's shift calendar that its owner must
-- be able to read again in Settings (to subscribe another device), like Google Calendar's secret address: it
-- is kept as it is. Resetting the link replaces it, so the old link answers 404 at once.
create table jobs.calendar_feeds (
  user_id uuid primary key,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{43}$'),
  -- the language of the owner's last visit to Settings (the feed's titles and descriptions)
  language text not null check (language in ('en', 'es')),
  created_at timestamptz not null default now()
);

-- a restaurant's feed: its shifts by start (a chef's goes through applications_chef_created_idx)
create index jobs_restaurant_start_idx on jobs.jobs (restaurant_id, start_time);
