-- Issue 39: a chef's credentials (a food-handler card and the like). The file itself is kept by the file store
-- (disk under the data folder, or an S3-compatible bucket) under `file_key`; only identity reads it, and gives
-- its chef and operators URLs signed for 5 minutes. `status` is what an operator decided; `expired` is read from
-- `expires_on` (00:00 of that day in the chef's city's zone). `expiry_noticed_at`: the expiring-soon notice was
-- published (once per credential).
create table identity.credentials (
  id uuid primary key,
  chef_id uuid not null,
  type text not null
    check (type in ('food_handler', 'food_protection_manager', 'alcohol_server', 'allergen_awareness')),
  number text,
  issuer text,
  expires_on date not null,
  status text not null default 'pending' check (status in ('pending', 'verified', 'rejected', 'revoked')),
  file_key text not null,
  file_type text not null,
  file_bytes integer not null check (file_bytes > 0),
  reason text,
  decided_at timestamptz,
  decided_by uuid,
  expiry_noticed_at timestamptz,
  created_at timestamptz not null default now()
);
create index credentials_chef_idx on identity.credentials (chef_id, created_at desc);
create index credentials_queue_idx on identity.credentials (status, created_at);
create index credentials_expiring_idx on identity.credentials (expires_on)
  where status = 'verified' and expiry_noticed_at is null;

-- A chef's badges are part of the chef search answers (ADR 16): a decision raises the chef search version.
create constraint trigger credentials_search_version after update of status or delete on identity.credentials
  deferrable initially deferred for each row execute function identity.raise_chef_search_version();
create trigger credentials_search_version_truncate after truncate on identity.credentials
  for each statement execute function identity.raise_chef_search_version();
