-- Issue 40: the sandbox answers like Twilio after a text is taken: status callbacks (delivered, or failed and
-- undelivered on demand per number), replies texted to Brigade (the inbound webhook), all signed with its token.

-- The sandbox's own settings, made once and kept with its data: the auth token its webhooks are signed with.
create table sms_sandbox.settings (
  key text primary key,
  value text not null
);

-- Delivery faults per number: texts to `to_phone` end `failed` or `undelivered` with Twilio's error code,
-- `remaining` times (null: until cleared).
create table sms_sandbox.faults (
  to_phone text primary key,
  status text not null check (status in ('failed', 'undelivered')),
  error_code text not null,
  remaining integer
);

-- What became of each message (the status its last callback said), and replies Brigade sent back by TwiML.
alter table sms_sandbox.texts add column status text;
alter table sms_sandbox.texts add column error_code text;
