-- Issue 35: a restaurant's shift templates, the saved shape of a shift the Post Shift page fills the form from.
-- Times of day, not dates ("17:00"; an end before the start ends the next day). A name is unique per restaurant
-- whatever its case; the use case keeps at most SHIFT_TEMPLATES_MAX per restaurant.
create table jobs.shift_templates (
  id uuid primary key,
  restaurant_id uuid not null,
  name text not null check (char_length(name) between 1 and 80),
  title text not null,
  start_time text not null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text not null check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and end_time <> start_time),
  hourly_rate_cents integer not null check (hourly_rate_cents > 0),
  headcount integer not null default 1 check (headcount between 1 and 20),
  break_minutes integer not null default 0 check (break_minutes between 0 and 120),
  description text,
  required_skills jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);
create unique index shift_templates_restaurant_name_key on jobs.shift_templates (restaurant_id, lower(name));
