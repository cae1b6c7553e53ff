-- A phone number belongs to at most one verified account. Before this migration one code verified every
-- account on its phone: of the accounts that share a verified number, the oldest keeps it and the others are
-- unverified (and told to the other services, as a verification is).
with unverified as (
  update identity.users u
     set phone_verified = false, updated_at = now()
   where u.phone_verified
     and exists (
       select 1 from identity.users o
        where o.phone = u.phone and o.phone_verified and (o.created_at, o.id) < (u.created_at, u.id))
  returning u.id, u.phone, u.user_type, u.language_preference
)
insert into identity.outbox (id, type, payload)
select gen_random_uuid(), 'identity.user.updated.v1',
       jsonb_build_object('user_id', id, 'phone', phone, 'phone_verified', false, 'user_type', user_type,
                          'language_preference', language_preference)
  from unverified;
-- The database has the last word when two accounts verify one number at the same time.
create unique index users_verified_phone_idx on identity.users (phone) where phone_verified;

-- The sandbox's pending codes belong to the account that asked: another sign-up on the same phone no longer
-- replaces them. (Pending codes live 10 minutes: the ones in flight are dropped, and can be sent again.)
drop table identity.verification_codes;
create table identity.verification_codes (
  user_id uuid primary key references identity.users(id),
  phone text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now()
);

-- Every verification text, whichever account asked: at most 5 per phone per hour, and only an account that
-- asked for a code (in its lifetime) can be verified with one.
create table identity.phone_texts (
  id bigserial primary key,
  phone text not null,
  user_id uuid not null references identity.users(id),
  sent_at timestamptz not null default now()
);
create index phone_texts_phone_idx on identity.phone_texts (phone, sent_at);
