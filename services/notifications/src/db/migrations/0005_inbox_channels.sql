-- Issue 40: every notification is an inbox entry. The record of a notification is its row in notifications.sms
-- (one per cause, by its dedupe key), whatever its channels did with it; the inbox reads those rows in the
-- reader's language and keeps when each was read. Texts sent before the inbox existed start read.
alter table notifications.sms add column read_at timestamptz;
update notifications.sms set read_at = created_at;
create index sms_inbox_idx on notifications.sms (recipient_id, seq desc);
create index sms_unread_idx on notifications.sms (recipient_id) where read_at is null;

-- The channels a person chose per notification type (issue 40). A type with no row uses the defaults
-- (contracts' DEFAULT_CHANNELS); a row is the person's own choice and is kept as set.
create table notifications.channel_preferences (
  user_id uuid not null,
  type text not null,
  sms boolean not null,
  push boolean not null,
  email boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, type)
);
