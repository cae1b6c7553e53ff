-- Issue 20: earnings and receipts name the restaurant and the chef of each shift. A read model of the names in
-- identity's profile events (identity.chef_profile.updated.v1, identity.restaurant_profile.updated.v1); no money.
create table payments.profile_names (
  user_id uuid primary key,
  name text not null,
  updated_at timestamptz not null default now()
);

-- A chef's earnings read the jobs the chef was accepted for or is paid for.
create index applications_chef_idx on payments.applications (chef_id) where accepted_at is not null;
create index job_payments_chef_idx on payments.job_payments (chef_id) where chef_id is not null;
