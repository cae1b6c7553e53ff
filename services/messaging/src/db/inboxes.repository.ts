import { idArray, onCommit, sql, type Database, type Executor, type VersionStamps } from '@brigade/kit';
import { inboxStamp } from '../domain/inbox-stamp';

/**
 * Something in these users' conversation lists changed (a message, a read, a new applicant, a name):
 * give each a new list version, so their next poll answers 200 instead of 304. Ids are sorted so two
 * transactions always lock inbox rows in the same order.
 */
export async function bumpInboxes(
  database: Database,
  tx: Executor,
  userIds: string[],
  stamps: VersionStamps,
): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  const rows = await database.rows<{ user_id: string; version: string | number }>(
    sql`insert into messaging.inboxes (user_id, version)
        select v.id, nextval('messaging.inbox_version_seq')
        from unnest(${idArray(ids)}::uuid[]) as v(id) order by v.id
        on conflict (user_id) do update set version = excluded.version
        returning user_id, version`,
    tx,
    // one text whatever the count (an array parameter of uuids), so it is planned once per connection
    { prepared: true },
  );
  // After the commit: the gateway's 304s for these inboxes stop at once.
  if (stamps.enabled)
    onCommit(tx, () => {
      void stamps.publish(rows.map((r) => [inboxStamp(stamps, r.user_id), Number(r.version)] as const));
    });
}

export const threadStamp = (stamps: VersionStamps, jobId: string, chefId: string) =>
  stamps.key('messaging', `t:${jobId}:${chefId}`);

export async function inboxVersion(database: Database, userId: string): Promise<string> {
  const rows = await database.rows<{ version: string | number }>(
    sql`select version from messaging.inboxes where user_id = ${userId}`,
    undefined,
    { prepared: true },
  );
  return rows[0] ? String(rows[0].version) : '0';
}
