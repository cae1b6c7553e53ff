import {
  beforeCommit,
  idArray,
  onCommit,
  sql,
  type Database,
  type Executor,
  type VersionStamps,
} from '@brigade/kit';
import { inboxStamp } from '../domain/inbox-stamp';

/** The people whose inbox a transaction changed so far, raised together just before it commits. */
const changedIn = new WeakMap<Executor, Set<string>>();

/**
 * Something these people's inboxes show changed (an entry recorded for them, one read, a name): each gets a new
 * inbox version, so their next poll of the list or the count is answered by notifications (200, or 304 when what
 * it shows is the same) instead of by the gateway. The versions rise once per transaction, at its end, in one
 * statement in user id order: a transaction may record entries for several people in any order (a batch of
 * reminders, a shift's favorites then its city), and two of them must never wait on each other's counters in
 * opposite orders. Published as version stamps after the commit (never before: the gateway must not see a version
 * whose rows are not visible yet).
 */
export async function bumpInboxes(
  ctx: { database: Database; stamps: VersionStamps },
  tx: Executor,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const pending = changedIn.get(tx);
  if (pending) {
    for (const id of userIds) pending.add(id);
    return;
  }
  const ids = new Set(userIds);
  changedIn.set(tx, ids);
  await beforeCommit(tx, async () => {
    changedIn.delete(tx);
    await raiseInboxVersions(ctx, tx, [...ids]);
  });
}

async function raiseInboxVersions(
  { database, stamps }: { database: Database; stamps: VersionStamps },
  tx: Executor,
  userIds: string[],
): Promise<void> {
  // One array parameter (a city's broadcast names thousands of chefs), each person once, locked in id order.
  const rows = await database.rows<{ user_id: string; version: string | number }>(
    sql`insert into notifications.inboxes (user_id, version)
        select id, 1 from (select distinct unnest(${idArray(userIds)}::uuid[]) as id) as v order by id
        on conflict (user_id) do update set version = notifications.inboxes.version + 1
        returning user_id, version`,
    tx,
    { prepared: true },
  );
  if (stamps.enabled)
    onCommit(tx, () => {
      void stamps.publish(rows.map((r) => [inboxStamp(stamps, r.user_id), Number(r.version)] as const));
    });
}
