-- Issue 41: the people an entry names (as the chef, the restaurant or a message's sender, by user or profile id),
-- kept with the entry as it is written: an inbox page read them out of every entry's vars and tested each against
-- a pattern on every poll, about a third of the page's statement (0.44 -> 0.28 ms per page of 20 on a 2-core
-- machine). Computed by PostgreSQL from the vars, which an entry never changes: every writer, the load seed's
-- included, gets it without a change. A value that is not a uuid names nobody.
alter table notifications.sms add column named uuid[] generated always as (array_remove(array[
  case when (vars ->> 'chef_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (vars ->> 'chef_id')::uuid end,
  case when (vars ->> 'restaurant_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (vars ->> 'restaurant_id')::uuid end,
  case when (vars ->> 'sender_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (vars ->> 'sender_id')::uuid end
], null)) stored;

-- Whose inboxes a new name, city or address shows in (`inboxesNaming`), from the same column.
drop index notifications.sms_named_idx;
create index sms_named_idx on notifications.sms using gin (named);
