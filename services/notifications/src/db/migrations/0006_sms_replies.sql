-- Issue 40: SMS that respects the law. Twilio tells us what became of each text (status callbacks), people answer
-- STOP, START or HELP (the inbound webhook), and a person whose texts keep failing falls back to push and email.

-- What the carrier did with a text after Twilio took it (`status` stays the send's own lifecycle):
-- sent -> delivered | undelivered | failed, never backwards (a late `sent` after `delivered` changes nothing).
alter table notifications.sms add column delivery_status text
  check (delivery_status in ('sent', 'delivered', 'undelivered', 'failed'));
alter table notifications.sms add column delivery_error_code text;
alter table notifications.sms add column delivery_updated_at timestamptz;
-- a status callback names the text by Twilio's sid
create index sms_provider_id_idx on notifications.sms (provider_id) where provider_id is not null;

-- Per person: failed or undelivered texts in a row (a delivered one, or START, resets) and since when their
-- texts fall back to push and email (SMS_FAILURES_BEFORE_FALLBACK in a row).
create table notifications.sms_recipients (
  user_id uuid primary key,
  failures_in_a_row integer not null default 0,
  sms_fallback_since timestamptz,
  updated_at timestamptz not null
);

-- Every text people sent us (Twilio's inbound webhook), for operators: who, what, what we did with it.
-- action: opted_out (STOP...), opted_in (START...), helped (HELP...), ignored (any other text), unknown_number.
create table notifications.sms_inbound (
  seq bigserial primary key,
  message_sid text not null unique,
  from_phone text not null,
  to_phone text,
  body text not null,
  keyword text,
  action text not null check (action in ('opted_out', 'opted_in', 'helped', 'ignored', 'unknown_number')),
  recipient_ids uuid[] not null default '{}',
  reply text,
  received_at timestamptz not null
);
create index sms_inbound_from_idx on notifications.sms_inbound (from_phone, seq desc);
