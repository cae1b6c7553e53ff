-- Issue 22: the conversation list's unread counts without counting messages. Each thread counts the messages
-- each side has sent (bumped with last_seq, under the thread's row lock, in the message's transaction); each
-- read marker counts the other side's messages up to the place it counted them at (other_read_seq, moved with
-- last_read_seq). A reader's unread count is the other side's sent less that. Messages are never deleted or
-- renumbered, so a count taken stays true. The counts are trusted only when they are whole: the thread's two
-- add up to last_seq (every message is one side's) and the marker's was taken at last_read_seq. Anything else
-- (a message or a read written by the previous release during a rolling update) is counted from the messages.
-- The thread's latest message, a read marker's message and the messages between two markers are found by
-- (job_id, chef_id, seq), the unique index. The (job_id, chef_id, created_at) index tied with it in cost for an
-- equality on seq (both estimated at one row) and won, then read every message of the thread to find one. Only
-- the legacy time cursor (`since=<time>`) wanted it; that one is served by (job_id, created_at, seq) or the
-- thread's seq index.
drop index messaging.messages_thread_created_idx;

alter table messaging.threads
  add column chef_sent integer not null default 0,
  add column restaurant_sent integer not null default 0;
alter table messaging.thread_reads
  add column other_read integer not null default 0,
  add column other_read_seq integer not null default 0;

-- Backfill from the rows written before the columns existed. Every message is from the thread's chef or from
-- the job's restaurant (sendMessage: anyone but the chef is the restaurant's side).
update messaging.threads t
   set chef_sent = c.chef_sent, restaurant_sent = c.restaurant_sent
  from (select job_id, chef_id,
               count(*) filter (where sender_id = chef_id) as chef_sent,
               count(*) filter (where sender_id <> chef_id) as restaurant_sent
          from messaging.messages group by job_id, chef_id) c
 where c.job_id = t.job_id and c.chef_id = t.chef_id;

update messaging.thread_reads r
   set other_read = (select count(*) from messaging.messages m
                      where m.job_id = r.job_id and m.chef_id = r.chef_id
                        and m.seq <= r.last_read_seq and m.sender_id <> r.reader_id),
       other_read_seq = r.last_read_seq
 where r.last_read_seq > 0;
