import {
  CHEF_RELIABILITY,
  RESTAURANT_RELIABILITY,
  type jobsHttp,
  type ReliabilityKind,
} from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
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
  return { ...zeroCounts(), last_90_days: zeroCounts() };
}

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
    sql`select user_id, kind, count(*)::int as total,
          (count(*) filter (where occurred_at > ${since.toISOString()}::timestamptz))::int as recent
        from jobs.reliability_records
        where user_type = 'chef' and user_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by user_id, kind`,
    executor,
  );
  for (const r of rows) {
    if (!(CHEF_RELIABILITY as readonly string[]).includes(r.kind)) continue;
    const record = result.get(r.user_id) ?? emptyChefReliability();
    countInto(record, r.kind, r.total, r.recent);
    result.set(r.user_id, record);
  }
  return result;
}

function countInto(record: ChefReliability, kind: string, total: number | string, recent: number | string) {
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
      from (select kind, count(*)::int as total,
              (count(*) filter (where occurred_at > ${since.toISOString()}::timestamptz))::int as recent
            from jobs.reliability_records
            where user_type = 'chef' and user_id = ${userId}
            group by kind) k)`;
}

/** A chef's record from chefReliabilityColumn's text. */
export function chefReliabilityOf(column: string | null): ChefReliability {
  const record = emptyChefReliability();
  if (!column) return record;
  for (const [kind, total, recent] of JSON.parse(column) as Array<[string, number, number]>) {
    if ((CHEF_RELIABILITY as readonly string[]).includes(kind)) countInto(record, kind, total, recent);
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
  const record: RestaurantReliability = { ...zero(), last_90_days: zero() };
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  const rows = await database.rows<{ kind: string; total: number; recent: number }>(
    sql`select kind, count(*)::int as total,
          (count(*) filter (where occurred_at > ${since.toISOString()}::timestamptz))::int as recent
        from jobs.reliability_records where user_type = 'restaurant' and user_id = ${restaurantId}
        group by kind`,
    executor,
  );
  for (const r of rows) {
    if (!(RESTAURANT_RELIABILITY as readonly string[]).includes(r.kind)) continue;
    const kind = r.kind as (typeof RESTAURANT_RELIABILITY)[number];
    record[kind] = Number(r.total);
    record.last_90_days[kind] = Number(r.recent);
  }
  return record;
}
