-- Issue 41: a version of each person's inbox (the notifications page and the bell), raised in the transaction of
-- every change either of them shows: an entry recorded for the person (a text queued or suppressed, a city's
-- broadcast), one read, all read, and what the entries show of people (the reader's own language, name, city;
-- the name, city and address of the people an entry names). After the commit it is published as the inbox's
-- version stamp (ADR 7): while it stays the same, the gateway answers the person's unchanged polls itself.
-- A person with no row is at version 0.
create table notifications.inboxes (
  user_id uuid primary key,
  version bigint not null
);

-- The entries that name a person (as a chef, a restaurant or a message's sender, by user or profile id): whose
-- inboxes a new name, city or address shows in. The same expression as `inboxesNaming`.
create index sms_named_idx on notifications.sms
  using gin ((array[vars ->> 'chef_id', vars ->> 'restaurant_id', vars ->> 'sender_id']));
