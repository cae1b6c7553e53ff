-- Issue 22: the conversation list reads one row per thread. Everything a list row shows that lives in another
-- table (the job's title, both names, the latest message) is copied onto the thread and kept by triggers, so the
-- list is an index scan of the reader's threads with their read markers: no join to jobs or participants and no
-- probe into messages per thread (PostgreSQL ~0.2 -> ~0.1 ms a list of ten on the bench's machine). Triggers,
-- not the use cases, so every writer keeps the copies, the previous release's too during a rolling update.
--
-- The copies are read with their source as a fallback when empty (`coalesce(t.job_title, (select ...))`): a
-- thread made before its job's or a participant's first event has nothing to copy, and the event's trigger may
-- not see a thread whose transaction has not committed yet. A non-empty copy is never stale: a thread's insert
-- reads the job and the participants with FOR SHARE, so it waits for a rename in flight and reads the new
-- name, or the rename waits for it and then updates the committed thread.
alter table messaging.threads
  add column job_title text,
  add column chef_name text,
  add column restaurant_name text,
  -- the latest message as the list shows it (last_message_seq is its number)
  add column last_message_seq integer,
  add column last_sender_id uuid,
  add column last_recipient_id uuid,
  add column last_original text,
  add column last_translated text,
  add column last_created_at timestamptz;

create function messaging.thread_copies_on_insert() returns trigger language plpgsql as $$
begin
  select j.title into new.job_title from messaging.jobs j where j.job_id = new.job_id for share;
  select p.name into new.chef_name from messaging.participants p where p.user_id = new.chef_id for share;
  select p.name into new.restaurant_name from messaging.participants p where p.user_id = new.restaurant_id for share;
  return new;
end $$;
create trigger threads_copies before insert on messaging.threads
  for each row execute function messaging.thread_copies_on_insert();

create function messaging.thread_copies_of_job() returns trigger language plpgsql as $$
begin
  update messaging.threads set job_title = new.title
   where job_id = new.job_id and job_title is distinct from new.title;
  return null;
end $$;
create trigger jobs_thread_copies after insert on messaging.jobs
  for each row execute function messaging.thread_copies_of_job();
create trigger jobs_thread_copies_title after update of title on messaging.jobs
  for each row when (old.title is distinct from new.title) execute function messaging.thread_copies_of_job();

create function messaging.thread_copies_of_participant() returns trigger language plpgsql as $$
begin
  update messaging.threads set chef_name = new.name
   where chef_id = new.user_id and chef_name is distinct from new.name;
  update messaging.threads set restaurant_name = new.name
   where restaurant_id = new.user_id and restaurant_name is distinct from new.name;
  return null;
end $$;
create trigger participants_thread_copies after insert on messaging.participants
  for each row execute function messaging.thread_copies_of_participant();
-- every identity event rewrites the name column (with the same name unless newer): only a new name is copied
create trigger participants_thread_copies_name after update of name on messaging.participants
  for each row when (old.name is distinct from new.name) execute function messaging.thread_copies_of_participant();

-- Once per statement (a send writes one message; a bulk load many): each thread takes its newest new message.
create function messaging.thread_latest_message() returns trigger language plpgsql as $$
begin
  update messaging.threads t
     set last_message_seq = m.seq, last_sender_id = m.sender_id, last_recipient_id = m.recipient_id,
         last_original = m.original_content, last_translated = m.translated_content, last_created_at = m.created_at
    from (select distinct on (job_id, chef_id) * from added order by job_id, chef_id, seq desc) m
   where t.job_id = m.job_id and t.chef_id = m.chef_id and coalesce(t.last_message_seq, 0) < m.seq;
  return null;
end $$;
create trigger messages_thread_latest after insert on messaging.messages
  referencing new table as added for each statement execute function messaging.thread_latest_message();

-- The threads written before the triggers (which now hold the tables: nothing is written between).
update messaging.threads t set
  job_title = (select j.title from messaging.jobs j where j.job_id = t.job_id),
  chef_name = (select p.name from messaging.participants p where p.user_id = t.chef_id),
  restaurant_name = (select p.name from messaging.participants p where p.user_id = t.restaurant_id),
  (last_message_seq, last_sender_id, last_recipient_id, last_original, last_translated, last_created_at) =
    (select m.seq, m.sender_id, m.recipient_id, m.original_content, m.translated_content, m.created_at
       from messaging.messages m where m.job_id = t.job_id and m.chef_id = t.chef_id
      order by m.seq desc limit 1);
