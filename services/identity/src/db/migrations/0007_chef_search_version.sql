-- Issue 22: a version of everything a chef search answer is made of, so identity can keep answers and still
-- never show one that a change has made stale (ADR 16). Every change to chef profiles (an edit, availability,
-- a rating), to a suspension (users.suspended_at, or a deleted user) or to reliability facts raises it in the
-- writer's own transaction, so a search that reads the new version also sees the new rows. Triggers, so no
-- write path can forget it; deferred to the commit, so the one row is locked last and briefly (never before
-- a row a writer locks itself: no deadlock). The restaurant's own place is read on every search (it is part
-- of the key), so restaurant profiles need no version.
create table identity.chef_search_version (
  id integer primary key check (id = 1),
  version bigint not null
);
insert into identity.chef_search_version (id, version) values (1, 1);

create function identity.raise_chef_search_version() returns trigger language plpgsql as $$
begin
  update identity.chef_search_version set version = version + 1 where id = 1;
  return null;
end $$;

create constraint trigger chef_profiles_search_version after insert or update or delete on identity.chef_profiles
  deferrable initially deferred for each row execute function identity.raise_chef_search_version();
create constraint trigger reliability_facts_search_version after insert or update or delete on identity.reliability_facts
  deferrable initially deferred for each row execute function identity.raise_chef_search_version();
create constraint trigger users_search_version after update of suspended_at or delete on identity.users
  deferrable initially deferred for each row execute function identity.raise_chef_search_version();
create trigger chef_profiles_search_version_truncate after truncate on identity.chef_profiles
  for each statement execute function identity.raise_chef_search_version();
create trigger reliability_facts_search_version_truncate after truncate on identity.reliability_facts
  for each statement execute function identity.raise_chef_search_version();
create trigger users_search_version_truncate after truncate on identity.users
  for each statement execute function identity.raise_chef_search_version();
