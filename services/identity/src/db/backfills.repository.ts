import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@brigade/kit';

/**
 * Claim a once-only backfill in the caller's transaction: true for the one transaction that claims it (another
 * instance starting at the same time waits on the row, then finds it claimed), false once done.
 */
export async function claimBackfill(database: Database, tx: Executor, name: string): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into identity.data_backfills (name) values (${name}) on conflict (name) do nothing returning name`,
    tx,
  );
  return rows.length > 0;
}

/** Every chef's user id, in a stable order. */
export async function allChefUserIds(database: Database, tx: Executor): Promise<string[]> {
  const rows = await database.rows<{ user_id: string }>(
    sql`select user_id from identity.chef_profiles order by user_id`,
    tx,
  );
  return rows.map((r) => r.user_id);
}
