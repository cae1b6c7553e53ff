import { sql, type Database, type Executor } from '@brigade/kit';
import { jobColumns, seatOneColumns, seatOneJoin } from './seat-views';
import { firstRow, normaliseJob, type JobRow } from './rows';

/** The restaurant's open shift that starts soonest after `now` (the one an invitation names), or null. */
export async function nextOpenJobOf(
  database: Database,
  tx: Executor,
  restaurantId: string,
  now: Date,
): Promise<JobRow | null> {
  return firstRow(
    database,
    normaliseJob,
    sql`select ${jobColumns}, ${seatOneColumns} from jobs.jobs j ${seatOneJoin}
        where j.restaurant_id = ${restaurantId} and j.status = 'open'
        and j.start_time > ${now.toISOString()}::timestamptz order by j.start_time, j.id limit 1`,
    tx,
  );
}

/** The restaurant's name as jobs knows it (identity's profile events), or null before its profile arrived. */
export async function restaurantNameOf(
  database: Database,
  tx: Executor,
  restaurantId: string,
): Promise<string | null> {
  const rows = await database.rows<{ name: string }>(
    sql`select name from jobs.restaurant_profiles where user_id = ${restaurantId}`,
    tx,
  );
  return rows[0]?.name ?? null;
}

/**
 * Record an invitation of a chef to a shift, once: the invited time, and whether it is new (a second invite of
 * the same chef to the same shift keeps the first one's time).
 */
export async function recordInvitation(
  database: Database,
  tx: Executor,
  row: { job_id: string; chef_id: string; chef_profile_id: string; restaurant_id: string; invited_at: Date },
): Promise<{ invitedAt: Date; created: boolean }> {
  const inserted = await database.rows<{ invited_at: Date | string }>(
    sql`insert into jobs.invitations (job_id, chef_id, chef_profile_id, restaurant_id, invited_at)
        values (${row.job_id}, ${row.chef_id}, ${row.chef_profile_id}, ${row.restaurant_id},
          ${row.invited_at.toISOString()}::timestamptz)
        on conflict (job_id, chef_id) do nothing returning invited_at`,
    tx,
  );
  if (inserted[0]) return { invitedAt: new Date(inserted[0].invited_at), created: true };
  const existing = await database.rows<{ invited_at: Date | string }>(
    sql`select invited_at from jobs.invitations where job_id = ${row.job_id} and chef_id = ${row.chef_id}`,
    tx,
  );
  return { invitedAt: new Date(existing[0].invited_at), created: false };
}
