-- Issue 41: the text queue's claim and the scheduler's "anything due?" walked every waiting text. Both read
-- `sms_due_idx` (priority, seq) over queued and sending texts and tested each entry's due time: a text waiting
-- for its retry (a provider down, a recipient not known yet) sits in that order among the due ones, so every
-- claim stepped over all of them. In the load bench 4,100 such texts made each claim 10-20 ms of PostgreSQL
-- (2,638 claims over 3 ms: 27 s in a 3-minute run), and an outage would do the same to production when it is
-- least welcome. Now the queued texts are kept by priority and then by when they are due, so a claim reads only
-- due entries of each priority (hopping from one priority to the next), and a lapsed lease is found by its end.
create index sms_queue_idx on notifications.sms (priority, next_attempt_at) where status = 'queued';
create index sms_lease_idx on notifications.sms (locked_until) where status = 'sending';
drop index notifications.sms_due_idx;
