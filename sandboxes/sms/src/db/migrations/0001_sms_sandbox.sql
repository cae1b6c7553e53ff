-- The SMS sandbox's own state (schema sms_sandbox; its own database `<base>_sms_sandbox` in real mode).
-- Until issue 18 the codes lived in identity (identity.verification_codes, identity.sandbox_sms) and the texts
-- in notifications.sms with provider 'sandbox'; the sandbox starts empty.

-- Twilio Verify's verifications: one code per verification, at most one pending per service and number.
create table sms_sandbox.verifications (
  sid text primary key,
  service_sid text not null,
  to_phone text not null,
  code text not null,
  locale text not null,
  -- pending, approved, expired, max_attempts_reached (Twilio's statuses)
  status text not null,
  send_attempts integer not null default 1,
  wrong_checks integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index verifications_number_idx on sms_sandbox.verifications (service_sid, to_phone, created_at desc);

-- Every text that would have gone out: verification codes (Verify) and messages (Messages API), newest last.
create table sms_sandbox.texts (
  seq bigserial primary key,
  sid text not null,
  kind text not null check (kind in ('verification', 'message')),
  account_sid text not null,
  to_phone text not null,
  from_phone text,
  body text not null,
  sent_at timestamptz not null
);
create index texts_to_idx on sms_sandbox.texts (to_phone, seq desc);
