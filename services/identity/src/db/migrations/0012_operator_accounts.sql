-- Issue 33: operators are accounts the platform controls. `admin` operators manage the others (the console's
-- Operators page, `npm run operator`); the first one is OPERATOR_EMAIL's (set at identity's start), and the
-- oldest operator of an existing database becomes one so that a platform always has an admin.
-- `password_change_required`: a one-time password (given at creation or reset) that signs in nowhere until it is
-- changed. `removed_at`: an operator who left (their row stays: the audit log and suspensions name them).
-- TOTP (optional, required for all with OPERATOR_REQUIRE_TOTP=1): the secret, and when the first code proved it.
alter table identity.users
  add column admin boolean not null default false,
  add column password_change_required boolean not null default false,
  add column removed_at timestamptz,
  add column totp_secret text,
  add column totp_confirmed_at timestamptz;
update identity.users set admin = true
 where id = (select id from identity.users where user_type = 'operator' order by created_at, id limit 1);
-- identity's start announces again the sessions that ended within an access-token lifetime (ADR 24).
create index sessions_revoked_idx on identity.sessions (revoked_at) where revoked_at is not null;
