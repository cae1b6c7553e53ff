import { sql, type Database, type Executor } from '@brigade/kit';

/** Why a chef stopped waiting on a shift's standby list (jobs.standby.left_reason, 0023_fill_engine.sql). */
export type StandbyLeftReason = 'left' | 'booked' | 'blocked' | 'closed' | 'offered';

/** One chef waiting on a shift's standby list, in the order chefs joined. */
export interface StandbyEntry {
  id: string;
  job_id: string;
  chef_id: string;
  chef_profile_id: string;
  joined_at: Date;
}

type StandbyRecord = Omit<StandbyEntry, 'joined_at'> & { joined_at: Date | string };
const normalise = (r: StandbyRecord): StandbyEntry => ({ ...r, joined_at: new Date(r.joined_at) });

/** The chef's place on the job's list (1 = next to be offered a reopened seat), or null when not waiting. */
export async function standbyPosition(
  database: Database,
  jobId: string,
  chefId: string,
  executor?: Executor,
): Promise<number | null> {
  const rows = await database.rows<{ position: number | string | null }>(
    sql`select (select count(*) from jobs.standby o
                 where o.job_id = s.job_id and o.left_at is null
                   and (o.joined_at, o.id) <= (s.joined_at, s.id)) as position
        from jobs.standby s where s.job_id = ${jobId} and s.chef_id = ${chefId} and s.left_at is null`,
    executor,
  );
  return rows[0] ? Number(rows[0].position) : null;
}

/** How many chefs wait on the job's list. */
export async function standbyCount(database: Database, jobId: string, executor?: Executor): Promise<number> {
  const rows = await database.rows<{ n: number | string }>(
    sql`select count(*) as n from jobs.standby where job_id = ${jobId} and left_at is null`,
    executor,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The chef joins the list (the caller holds the job's lock and checked they are not waiting already). */
export async function insertStandby(database: Database, tx: Executor, entry: StandbyEntry): Promise<void> {
  await database.rows(
    sql`insert into jobs.standby (id, job_id, chef_id, chef_profile_id, joined_at)
        values (${entry.id}, ${entry.job_id}, ${entry.chef_id}, ${entry.chef_profile_id},
          ${entry.joined_at.toISOString()}::timestamptz)`,
    tx,
  );
}

/** The chef stops waiting on the job's list; returns whether they were waiting (false: nothing changed). */
export async function leaveStandbyList(
  database: Database,
  tx: Executor,
  jobId: string,
  chefId: string,
  reason: StandbyLeftReason,
  at: Date,
): Promise<boolean> {
  const rows = await database.rows(
    sql`update jobs.standby set left_at = ${at.toISOString()}::timestamptz, left_reason = ${reason}
        where job_id = ${jobId} and chef_id = ${chefId} and left_at is null returning id`,
    tx,
  );
  return rows.length > 0;
}

/** Everyone still waiting on the job's list stops (the shift was cancelled or expired): the chefs who were. */
export async function closeStandbyList(
  database: Database,
  tx: Executor,
  jobId: string,
  at: Date,
): Promise<string[]> {
  const rows = await database.rows<{ chef_id: string }>(
    sql`update jobs.standby set left_at = ${at.toISOString()}::timestamptz, left_reason = 'closed'
        where job_id = ${jobId} and left_at is null returning chef_id`,
    tx,
  );
  return rows.map((r) => r.chef_id);
}

/** The job's waiting chefs in the order they joined (first in line first), under the job's lock the caller holds. */
export async function waitingOnStandby(
  database: Database,
  tx: Executor,
  jobId: string,
): Promise<StandbyEntry[]> {
  const rows = await database.rows<StandbyRecord>(
    sql`select id, job_id, chef_id, chef_profile_id, joined_at from jobs.standby
        where job_id = ${jobId} and left_at is null order by joined_at, id for update`,
    tx,
  );
  return rows.map(normalise);
}
