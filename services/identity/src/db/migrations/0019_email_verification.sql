-- Issue 40, email: a person's email is verified by a link before any mail but the link itself is sent to it.
alter table identity.users add column email_verified_at timestamptz;

-- Every verification link asked for (at sign-up, and again from POST /auth/email/verify-request), and the mail
-- carrying it, kept as work: written in the transaction that asks for it, sent after the commit by the email
-- loop (claimed with SKIP LOCKED and a lease, so a crash before the send sends it later and two instances never
-- both send it). The token is never stored: it is an HMAC of the row's id under a key every instance derives
-- from the shared secret, so the loop can write it into the mail; only its sha256 is kept, to find the row.
create table identity.email_verifications (
  id uuid primary key,
  user_id uuid not null references identity.users(id),
  -- the address the link verifies (a changed email makes older links worthless)
  email text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  -- the mail: due from next_attempt_at until sent_at (or failed_at: refused for good, or out of attempts)
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  message_id text,
  failed_at timestamptz,
  last_error text
);
create index email_verifications_user_idx on identity.email_verifications (user_id, created_at desc);
create index email_verifications_due_idx on identity.email_verifications (next_attempt_at)
  where sent_at is null and failed_at is null;
