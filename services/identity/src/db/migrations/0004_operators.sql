-- Issue 17: the platform team's operators are accounts too (never at sign-up: created at identity's start from
-- OPERATOR_EMAIL / OPERATOR_PASSWORD, or with `npm run operator -- add <email>`). They have no phone: '' and
-- verified (they never post, apply or message), so the one-verified-account-per-phone rule skips them.
alter table identity.users drop constraint users_user_type_check;
alter table identity.users add constraint users_user_type_check
  check (user_type in ('chef', 'restaurant', 'operator'));
drop index identity.users_verified_phone_idx;
create unique index users_verified_phone_idx on identity.users (phone)
  where phone_verified and user_type <> 'operator';

-- A suspended account (an operator's decision, kept in the audit log too): sign-in refused, sessions ended.
alter table identity.users add column suspended_at timestamptz;
alter table identity.users add column suspension_reason text;
alter table identity.users add column suspended_by uuid;
