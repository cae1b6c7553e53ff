-- Issue 20: each chef's and restaurant's private calendar feed (GET /calendar/{token}.ics, fetched by calendar
-- apps without a session). Only the sha256 of the secret token is kept: whoever reads this table cannot
-- subscribe to anybody's shifts. Resetting the link replaces the hash, so the old link answers 404 at once.
create table jobs.calendar_feeds (
  user_id uuid primary key,
  user_type text not null check (user_type in ('chef', 'restaurant')),
  token_sha256 text not null unique check (token_sha256 ~ '^[0-9a-f]{64}$'),
  -- the language of the owner's last visit to Settings (the feed's titles and descriptions)
  language text not null check (language in ('en', 'es')),
  created_at timestamptz not null default now()
);

-- a restaurant's feed: its shifts by start (a chef's goes through applications_chef_created_idx)
create index jobs_restaurant_start_idx on jobs.jobs (restaurant_id, start_time);
