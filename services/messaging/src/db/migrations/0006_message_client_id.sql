-- Issue 32: the web app shows a message as "sending" at once and offers Retry when the send fails; a retry resends
-- with the same client id, so a send that had in fact landed (the answer lost, a timeout) is never stored twice.
-- A message sent with a client id is stored once per thread and sender: the unique index has the last word when
-- two retries race. Messages sent without one (older clients, the API) are unaffected.
alter table messaging.messages add column client_id text;
create unique index messages_client_id_idx on messaging.messages (job_id, chef_id, sender_id, client_id)
  where client_id is not null;
