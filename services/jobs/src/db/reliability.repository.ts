import {
  CHEF_RELIABILITY,
  RESTAURANT_RELIABILITY,
  type jobsHttp,
  type BookNowRecord,
  type ReliabilityKind,
} from '@brigade/contracts';
import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';

export interface ReliabilityFact {
  user_id: string;
  user_type: 'chef' | 'restaurant';
  kind: ReliabilityKind;
  job_id: string;
  /** Issue 35: the seat the fact is about (1: the job's one seat, and a restaurant's fact of the posting) */
  seat_no?: number;
  occurred_at: Date;
}

/** Record a fact once per user, kind, job and seat. Returns whether it is new (a repeat records nothing). */
export async function insertReliabilityFact(
  database: Database,
  tx: Executor,
  fact: ReliabilityFact,
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into jobs.reliability_records (user_id, user_type, kind, job_id, seat_no, occurred_at)
        values (${fact.user_id}, ${fact.user_type}, ${fact.kind}, ${fact.job_id}, ${fact.seat_no ?? 1},
          ${fact.occurred_at.toISOString()}::timestamptz)
        on conflict (user_id, kind, job_id, seat_no) do nothing returning user_id`,
    tx,
  );
  return rows.length > 0;
}

export type ChefReliability = z.infer<typeof jobsHttp.ChefReliability>;

const zeroCounts = () =>
  Object.fromEntries(CHEF_RELIABILITY.map((k) => [k, 0])) as Record<
    (typeof CHEF_RELIABILITY)[number],
    number
  >;

export function emptyChefReliability(): ChefReliability {
  return { ...zeroCounts(), last_90_days: zeroCounts(), removed_on_appeal: 0 };
}

/**
 * Issue 39: a fact removed on appeal counts nowhere: it is grouped under this name instead of its kind, and
 * read back as the record's `removed_on_appeal` (never in a recent count).
 */
const REMOVED = 'removed_on_appeal';
const COUNTED_KIND = sql`case when removed_at is null then kind else ${REMOVED} end`;
const recentFilter = (since: Date) =>
  sql`removed_at is null and occurred_at > ${since.toISOString()}::timestamptz`;
/** A fact that counts (not removed on appeal). */
const COUNTS = sql`removed_at is null`;

/**
 * Chefs' reliability records for applicant cards: all-time counts and those of the last `windowDays` days
 * before `now`, in one query for every chef on the page.
 */
export async function chefReliability(
  database: Database,
  chefIds: string[],
  now: Date,
  windowDays: number,
  executor?: Executor,
): Promise<Map<string, ChefReliability>> {
  const result = new Map<string, ChefReliability>();
  const ids = [...new Set(chefIds)];
  if (ids.length === 0) return result;
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  const rows = await database.rows<{ user_id: string; kind: string; total: number; recent: number }>(
    sql`select user_id, ${COUNTED_KIND} as kind, count(*)::int as total,
          (count(*) filter (where ${recentFilter(since)}))::int as recent
        from jobs.reliability_records
        where user_type = 'chef' and user_id = any(${idArray(ids)}::uuid[])
        group by 1, 2`,
    executor,
    { prepared: true }, // every applicant card and write's answer asks it (planning was 11x running)
  );
  for (const r of rows) {
    if (r.kind !== REMOVED && !(CHEF_RELIABILITY as readonly string[]).includes(r.kind)) continue;
    const record = result.get(r.user_id) ?? emptyChefReliability();
    countInto(record, r.kind, r.total, r.recent);
    result.set(r.user_id, record);
  }
  return result;
}

function countInto(record: ChefReliability, kind: string, total: number | string, recent: number | string) {
  if (kind === REMOVED) {
    record.removed_on_appeal = Number(total);
    return;
  }
  const k = kind as (typeof CHEF_RELIABILITY)[number];
  record[k] = Number(total);
  record.last_90_days[k] = Number(recent);
}

/**
 * The same counts as chefReliability, as a column of a list's own statement (no query of its own): a json
 * array of [kind, total, recent] for the chef `userId` names (an SQL expression such as `cp.user_id`), in
 * the order of the kinds (the same text for the same counts, whatever the plan). chefReliabilityOf reads it
 * back.
 */
export function chefReliabilityColumn(userId: SQL, since: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_array(k.kind, k.total, k.recent) order by k.kind), '[]')::text
      from (select ${COUNTED_KIND} as kind, count(*)::int as total,
              (count(*) filter (where ${recentFilter(since)}))::int as recent
            from jobs.reliability_records
            where user_type = 'chef' and user_id = ${userId}
            group by 1) k)`;
}

/** A chef's record from chefReliabilityColumn's text. */
export function chefReliabilityOf(column: string | null): ChefReliability {
  const record = emptyChefReliability();
  if (!column) return record;
  for (const [kind, total, recent] of JSON.parse(column) as Array<[string, number, number]>) {
    if (kind === REMOVED || (CHEF_RELIABILITY as readonly string[]).includes(kind))
      countInto(record, kind, total, recent);
  }
  return record;
}

/** The start of the reliability window (the "last 90 days") before `now`. */
export const reliabilitySince = (now: Date, windowDays: number) =>
  new Date(now.getTime() - windowDays * 86_400_000);

export type RestaurantReliability = z.infer<typeof jobsHttp.RestaurantReliability>;

/** A restaurant's reliability record (all time and the recent window), from the facts jobs keeps. */
export async function restaurantReliability(
  database: Database,
  restaurantId: string,
  now: Date,
  windowDays: number,
  executor?: Executor,
): Promise<RestaurantReliability> {
  const zero = () =>
    Object.fromEntries(RESTAURANT_RELIABILITY.map((k) => [k, 0])) as Record<
      (typeof RESTAURANT_RELIABILITY)[number],
      number
    >;
  const record: RestaurantReliability = { ...zero(), last_90_days: zero(), removed_on_appeal: 0 };
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  const rows = await database.rows<{ kind: string; total: number; recent: number }>(
    sql`select ${COUNTED_KIND} as kind, count(*)::int as total,
          (count(*) filter (where ${recentFilter(since)}))::int as recent
        from jobs.reliability_records where user_type = 'restaurant' and user_id = ${restaurantId}
        group by 1`,
    executor,
  );
  for (const r of rows) {
    if (r.kind === REMOVED) {
      record.removed_on_appeal = Number(r.total);
      continue;
    }
    if (!(RESTAURANT_RELIABILITY as readonly string[]).includes(r.kind)) continue;
    const kind = r.kind as (typeof RESTAURANT_RELIABILITY)[number];
    record[kind] = Number(r.total);
    record.last_90_days[kind] = Number(r.recent);
  }
  return record;
}

/**
 * What the "Book now" bar reads of a chef (issue 37): completed shifts all time, no-shows and late cancellations
 * in the `windowDays` days before `now`, and the average rating of the read model (null before any rating).
 */
export async function bookNowRecordOf(
  database: Database,
  chefId: string,
  now: Date,
  windowDays: number,
  executor?: Executor,
): Promise<BookNowRecord> {
  const since = reliabilitySince(now, windowDays);
  const rows = await database.rows<{
    completed: number | string;
    no_shows: number | string;
    late: number | string;
    rating: number | string | null;
    ratings: number | string | null;
  }>(
    sql`select
          (select count(*) from jobs.reliability_records r where r.user_type = 'chef' and r.user_id = ${chefId}
             and r.kind = 'completed_shifts')::int as completed,
          (select count(*) from jobs.reliability_records r where r.user_type = 'chef' and r.user_id = ${chefId}
             and r.kind = 'no_shows' and ${COUNTS} and r.occurred_at > ${since.toISOString()}::timestamptz)::int as no_shows,
          (select count(*) from jobs.reliability_records r where r.user_type = 'chef' and r.user_id = ${chefId}
             and r.kind = 'late_cancellations' and ${COUNTS} and r.occurred_at > ${since.toISOString()}::timestamptz)::int as late,
          (select average_rating from jobs.chef_profiles where user_id = ${chefId} limit 1) as rating,
          (select total_ratings from jobs.chef_profiles where user_id = ${chefId} limit 1) as ratings`,
    executor,
  );
  const row = rows[0];
  const rated = row.rating !== null && Number(row.ratings ?? 0) > 0;
  return {
    completed_shifts: Number(row.completed),
    no_shows: Number(row.no_shows),
    late_cancellations: Number(row.late),
    average_rating: rated ? Number(row.rating) : null,
  };
}
