-- Issue 41: the email and push queue (notifications.deliveries) had the text queue's old shape (migration 0011).
-- Its one index held every queued and sending delivery by due time, and a claim ordered by seq and filtered by
-- channel: during a mail outage, each waiting email counted as a candidate, the planner walked the primary key
-- (every delivery ever sent among them) and every pass of the text loop, which claims the emails, read the whole
-- table. Measured on 200,000 sent deliveries with 20,000 emails waiting for their retry: 27 ms a claim warm (125
-- cold), and the push loop's "anything due?" stepped over all 20,000 emails (2 ms a check warm, 8.5 cold). Now
-- each channel's queued deliveries are kept by when they are due, and its lapsed leases by their end: a claim
-- and a check read only what is due on their own channel.
create index deliveries_queue_idx on notifications.deliveries (channel, next_attempt_at) where status = 'queued';
create index deliveries_lease_idx on notifications.deliveries (channel, locked_until) where status = 'sending';
drop index notifications.deliveries_due_idx;
