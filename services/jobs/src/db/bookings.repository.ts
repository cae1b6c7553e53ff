import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { HeldShift } from '../domain/booking';
import { toDate } from './rows';

// The shifts a chef holds (issue 32: no double-booking). A chef holds a shift from the moment its restaurant
// accepts them (awaiting their confirmation) and while confirmed, until they decline or cancel, the shift
// lapses or is cancelled, or it is checked out: an accepted application not declined, on a job still open
// (awaiting the chef) or filled. A completed or disputed shift was worked (checkout opens only at its end) and
// holds nothing any more.

/**
 * Serialises every change to one chef's bookings (accepting them, their confirming) for the rest of the
 * transaction: a transaction-scoped advisory lock on the chef. Taken after the job's and the application's row
 * locks (use-cases/load-for-update.ts), so two transactions never wait on each other in opposite orders.
 */
export async function lockChefBookings(database: Database, tx: Executor, chefId: string): Promise<void> {
  await database.rows(sql`select pg_advisory_xact_lock(hashtext(${`jobs.chef_bookings:${chefId}`}))`, tx);
}

interface HeldRow {
  job_id: string;
  title: string;
  restaurant_name: string | null;
  city: string | null;
  start_time: Date | string;
  end_time: Date | string;
  worker_confirmed: boolean | null;
}

/**
 * `heldShiftsOfChef(…, { endedAfter })` as a column of another statement (an InitPlan: read once, whatever the
 * rows), JSON text of `[job_id, title, restaurant_name, city, start ms, end ms, worker_confirmed]` arrays in the
 * same order; `heldShiftsOf` reads it. Saves the applications list its own round trip for the chef's bookings.
 */
export function heldShiftsColumn(chefId: string, endedAfter: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_array(j.id, j.title, rp.name, rp.city,
        floor(extract(epoch from j.start_time) * 1000), floor(extract(epoch from j.end_time) * 1000), a.worker_confirmed)
        order by j.start_time, j.id), '[]')::text
      from jobs.applications a
      join jobs.jobs j on j.id = a.job_id
      left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
      where a.chef_id = ${chefId} and a.status = 'accepted' and a.worker_confirmed is distinct from false
        and j.status in ('open', 'filled') and j.end_time > ${endedAfter.toISOString()}::timestamptz)`;
}

/** The shifts of a `heldShiftsColumn`'s text. */
export function heldShiftsOf(column: string): HeldShift[] {
  type Held = [string, string, string | null, string | null, number, number, boolean | null];
  return (JSON.parse(column) as Held[]).map(
    ([jobId, title, restaurantName, city, start, end, confirmed]) => ({
      job_id: jobId,
      title,
      restaurant_name: restaurantName,
      city,
      start_time: new Date(start),
      end_time: new Date(end),
      confirmed: confirmed === true,
    }),
  );
}

/**
 * The shifts the chef holds, soonest first: those overlapping [`from`, `until`) when given (the busy window of
 * a shift they would take, SHIFT_GAP widened), else those ending after `endedAfter`; never the job `except`.
 */
export async function heldShiftsOfChef(
  database: Database,
  chefId: string,
  where: { from: Date; until: Date; except?: string } | { endedAfter: Date },
  executor?: Executor,
): Promise<HeldShift[]> {
  const conditions: SQL[] = [
    sql`a.chef_id = ${chefId}`,
    sql`a.status = 'accepted' and a.worker_confirmed is distinct from false`,
    sql`j.status in ('open', 'filled')`,
  ];
  if ('endedAfter' in where)
    conditions.push(sql`j.end_time > ${where.endedAfter.toISOString()}::timestamptz`);
  else {
    conditions.push(
      sql`j.start_time < ${where.until.toISOString()}::timestamptz and j.end_time > ${where.from.toISOString()}::timestamptz`,
    );
    if (where.except) conditions.push(sql`j.id <> ${where.except}`);
  }
  const rows = await database.rows<HeldRow>(
    sql`select j.id as job_id, j.title, rp.name as restaurant_name, rp.city, j.start_time, j.end_time, a.worker_confirmed
          from jobs.applications a
          join jobs.jobs j on j.id = a.job_id
          left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
         where ${sql.join(conditions, sql` and `)}
         order by j.start_time, j.id`,
    executor,
    { prepared: true }, // three texts (ended after, a window, a window but one job); planning was 3x running
  );
  return rows.map((r) => ({
    job_id: r.job_id,
    title: r.title,
    restaurant_name: r.restaurant_name,
    city: r.city,
    start_time: toDate(r.start_time),
    end_time: toDate(r.end_time),
    confirmed: r.worker_confirmed === true,
  }));
}
