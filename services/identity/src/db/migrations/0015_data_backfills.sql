-- Data backfills that run once per database, in code (a backfill that publishes events needs the service's own
-- serialisation, which SQL cannot repeat). A row here: done. Issue 37's first: every chef profile published again
-- so that jobs learns each chef's weekly availability (identity.chef_profile.updated.v1 gained it).
create table identity.data_backfills (
  name text primary key,
  done_at timestamptz not null default now()
);
