-- Issue 39: a mark removed on appeal (jobs.mark.removed.v1) counts nowhere: not on profiles, not in the chef
-- search. The fact stays with the time it was removed, so a profile can say "1 removed on appeal" and a
-- redelivered jobs.reliability.recorded.v1 never counts it again. A removal that arrives before its fact keeps
-- the fact as removed. (The chef search version trigger of migration 0007 fires on the update.)
alter table identity.reliability_facts add column removed_at timestamptz;
