import { sql, type Database, type Executor } from '@brigade/kit';
import { dateOrNull } from './rows';

/** Issue 37: who made a block (migration 0023): the restaurant blocked the chef, or the chef hid the restaurant. */
export type BlockBy = 'restaurant' | 'chef';

/** A block as one side made it; restaurant_id and chef_id are user ids. */
export interface BlockRow {
  restaurant_id: string;
  chef_id: string;
  by: BlockBy;
  created_at: Date;
}

/**
 * Record a block once: a second identical one keeps the first (its created_at). Returns the block as stored and
 * whether this call wrote it.
 */
export async function insertBlock(
  database: Database,
  tx: Executor,
  block: BlockRow,
): Promise<{ block: BlockRow; created: boolean }> {
  const inserted = await database.rows<{ created_at: unknown }>(
    sql`insert into jobs.blocks (restaurant_id, chef_id, by, created_at)
        values (${block.restaurant_id}, ${block.chef_id}, ${block.by}, ${block.created_at.toISOString()}::timestamptz)
        on conflict (restaurant_id, chef_id, by) do nothing returning created_at`,
    tx,
  );
  if (inserted[0]) return { block, created: true };
  const [kept] = await database.rows<{ created_at: unknown }>(
    sql`select created_at from jobs.blocks where restaurant_id = ${block.restaurant_id}
        and chef_id = ${block.chef_id} and by = ${block.by}`,
    tx,
  );
  return { block: { ...block, created_at: dateOrNull(kept.created_at)! }, created: false };
}

/** Remove one side's block; true when there was one. */
export async function deleteBlock(
  database: Database,
  tx: Executor,
  block: Pick<BlockRow, 'restaurant_id' | 'chef_id' | 'by'>,
): Promise<boolean> {
  const rows = await database.rows(
    sql`delete from jobs.blocks where restaurant_id = ${block.restaurant_id} and chef_id = ${block.chef_id}
        and by = ${block.by} returning by`,
    tx,
  );
  return rows.length > 0;
}

/**
 * What decides whether a chef may see a job (use-cases/ensure-chef-may-see.ts), in one statement: a block either
 * way between the chef and its restaurant, and whether the chef is the restaurant's favorite, has applied to the
 * job (held: accepted, awaiting their answer or confirmed) or has a live offer for it.
 */
export async function chefStandingAt(
  database: Database,
  executor: Executor | undefined,
  job: { id: string; restaurant_id: string },
  chefId: string,
): Promise<{ blocked: boolean; favorite: boolean; applied: boolean; held: boolean; offered: boolean }> {
  const [row] = await database.rows<{
    blocked: boolean;
    favorite: boolean;
    applied: boolean;
    held: boolean;
    offered: boolean;
  }>(
    sql`select
          exists (select 1 from jobs.blocks where restaurant_id = ${job.restaurant_id} and chef_id = ${chefId}) as blocked,
          exists (select 1 from jobs.favorites where restaurant_id = ${job.restaurant_id} and chef_id = ${chefId}) as favorite,
          exists (select 1 from jobs.applications where job_id = ${job.id} and chef_id = ${chefId}) as applied,
          exists (select 1 from jobs.applications where job_id = ${job.id} and chef_id = ${chefId}
                  and status = 'accepted') as held,
          exists (select 1 from jobs.offers where job_id = ${job.id} and chef_id = ${chefId}
                  and status = 'pending') as offered`,
    executor,
    { prepared: true }, // every apply asks it (planning was 4x running)
  );
  return row;
}

/** True when either side blocked the other. */
export async function isBlocked(
  database: Database,
  executor: Executor | undefined,
  restaurantId: string,
  chefId: string,
): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from jobs.blocks where restaurant_id = ${restaurantId} and chef_id = ${chefId} limit 1`,
    executor,
  );
  return rows.length > 0;
}

/** The restaurants (user ids) kept apart from this chef, by either side's block. */
export async function blockedRestaurantsOf(database: Database, chefId: string): Promise<string[]> {
  return (await restaurantTiesOf(database, chefId)).blocked;
}

/**
 * The restaurants tied to a chef, in one read: kept apart by a block either way, and those counting the chef among
 * their favorites (whose roster-first shifts the chef may be offered first).
 */
export async function restaurantTiesOf(
  database: Database,
  chefId: string,
): Promise<{ blocked: string[]; favoriteOf: string[] }> {
  const rows = await database.rows<{ restaurant_id: string; tie: 'block' | 'favorite' }>(
    sql`select distinct restaurant_id, 'block' as tie from jobs.blocks where chef_id = ${chefId}
        union all
        select restaurant_id, 'favorite' as tie from jobs.favorites where chef_id = ${chefId}`,
    undefined,
    { prepared: true },
  );
  const of = (tie: string) => rows.filter((r) => r.tie === tie).map((r) => r.restaurant_id);
  return { blocked: of('block'), favoriteOf: of('favorite') };
}

/** The restaurants with a roster-first window running now (an open shift only their favorites see). */
export async function restaurantsInRosterWindow(database: Database, now: Date): Promise<string[]> {
  const rows = await database.rows<{ restaurant_id: string }>(
    sql`select distinct restaurant_id from jobs.jobs
        where status = 'open' and roster_first_until > ${now.toISOString()}::timestamptz`,
  );
  return rows.map((r) => r.restaurant_id);
}

/** One side's own blocks with the other side's profile (never the other side's blocks of them), newest first. */
export async function blocksMadeBy(
  database: Database,
  userId: string,
  by: BlockBy,
): Promise<Array<{ profile_id: string | null; user_id: string; name: string | null; created_at: unknown }>> {
  return database.rows(
    by === 'restaurant'
      ? sql`select cp.profile_id, b.chef_id as user_id, cp.name, b.created_at from jobs.blocks b
            left join jobs.chef_profiles cp on cp.user_id = b.chef_id
            where b.restaurant_id = ${userId} and b.by = 'restaurant' order by b.created_at desc, b.chef_id`
      : sql`select rp.profile_id, b.restaurant_id as user_id, rp.name, b.created_at from jobs.blocks b
            left join jobs.restaurant_profiles rp on rp.user_id = b.restaurant_id
            where b.chef_id = ${userId} and b.by = 'chef' order by b.created_at desc, b.restaurant_id`,
  );
}

/** A restaurant by profile id or user id (jobs' read model of identity's profiles). */
export async function findRestaurant(
  database: Database,
  executor: Executor | undefined,
  idOrUserId: string,
): Promise<{ profile_id: string; user_id: string; name: string } | null> {
  const [row] = await database.rows<{ profile_id: string; user_id: string; name: string }>(
    sql`select profile_id, user_id, name from jobs.restaurant_profiles
        where profile_id = ${idOrUserId} or user_id = ${idOrUserId} limit 1`,
    executor,
  );
  return row ?? null;
}

/** The chef's pending applications to the restaurant's shifts (job and application ids), jobs in id order. */
export async function pendingApplicationsAt(
  database: Database,
  tx: Executor,
  restaurantId: string,
  chefId: string,
): Promise<Array<{ job_id: string; id: string }>> {
  return database.rows(
    sql`select a.job_id, a.id from jobs.applications a join jobs.jobs j on j.id = a.job_id
        where j.restaurant_id = ${restaurantId} and a.chef_id = ${chefId} and a.status = 'pending'
        order by a.job_id, a.id`,
    tx,
  );
}

/** The restaurant's offers still waiting for this chef's answer (offer and job ids), jobs in id order. */
export async function pendingOffersAt(
  database: Database,
  tx: Executor,
  restaurantId: string,
  chefId: string,
): Promise<Array<{ job_id: string; id: string }>> {
  return database.rows(
    sql`select job_id, id from jobs.offers where restaurant_id = ${restaurantId} and chef_id = ${chefId}
        and status = 'pending' order by job_id, id`,
    tx,
  );
}

/** The restaurant's shifts whose standby list the chef waits on. */
export async function standbyJobsAt(
  database: Database,
  tx: Executor,
  restaurantId: string,
  chefId: string,
): Promise<string[]> {
  const rows = await database.rows<{ job_id: string }>(
    sql`select s.job_id from jobs.standby s join jobs.jobs j on j.id = s.job_id
        where s.chef_id = ${chefId} and j.restaurant_id = ${restaurantId} and s.left_at is null order by s.job_id`,
    tx,
  );
  return rows.map((r) => r.job_id);
}

/** Take a chef off a restaurant's favorites (a restaurant's block does). */
export async function dropFavorite(
  database: Database,
  tx: Executor,
  restaurantId: string,
  chefId: string,
): Promise<void> {
  await database.rows(
    sql`delete from jobs.favorites where restaurant_id = ${restaurantId} and chef_id = ${chefId} returning id`,
    tx,
  );
}
