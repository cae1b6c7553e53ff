import { sql, type Database, type Executor } from '@brigade/kit';
import { dateOrNull } from './rows';

/** A confirmed application's reconfirmation as stored (0023_fill_engine.sql). */
export interface ReconfirmationRow {
  reconfirm_by: Date | null;
  reconfirm_asked_at: Date | null;
  reconfirmed_at: Date | null;
}

/** The application's reconfirmation columns (read under the locks the caller holds). */
export async function reconfirmationOf(
  database: Database,
  tx: Executor,
  applicationId: string,
): Promise<ReconfirmationRow> {
  const rows = await database.rows<Record<string, unknown>>(
    sql`select reconfirm_by, reconfirm_asked_at, reconfirmed_at from jobs.applications where id = ${applicationId}`,
    tx,
  );
  const r = rows[0] ?? {};
  return {
    reconfirm_by: dateOrNull(r.reconfirm_by),
    reconfirm_asked_at: dateOrNull(r.reconfirm_asked_at),
    reconfirmed_at: dateOrNull(r.reconfirmed_at),
  };
}

/** A booking's reconfirmation starts over: due by `by` (null: none due), not asked, not given. */
export async function setReconfirmBy(tx: Executor, applicationId: string, by: Date | null): Promise<void> {
  await tx.execute(sql`update jobs.applications
    set reconfirm_by = ${by ? by.toISOString() : null}::timestamptz, reconfirm_asked_at = null, reconfirmed_at = null
    where id = ${applicationId}`);
}

export async function markReconfirmAsked(tx: Executor, applicationId: string, at: Date): Promise<void> {
  await tx.execute(sql`update jobs.applications set reconfirm_asked_at = ${at.toISOString()}::timestamptz
    where id = ${applicationId}`);
}

export async function markReconfirmed(tx: Executor, applicationId: string, at: Date): Promise<void> {
  await tx.execute(sql`update jobs.applications set reconfirmed_at = ${at.toISOString()}::timestamptz
    where id = ${applicationId}`);
}

/**
 * The job's confirmed applications with a reconfirmation still to give (an edit moves them with the start),
 * under the job's lock the caller holds.
 */
export async function reconfirmationsOfJob(
  database: Database,
  tx: Executor,
  jobId: string,
): Promise<Array<{ id: string } & ReconfirmationRow>> {
  const rows = await database.rows<Record<string, unknown>>(
    sql`select id, reconfirm_by, reconfirm_asked_at, reconfirmed_at from jobs.applications
        where job_id = ${jobId} and status = 'accepted' and worker_confirmed = true
          and reconfirm_by is not null and reconfirmed_at is null
        order by id for update`,
    tx,
  );
  return rows.map((r) => ({
    id: r.id as string,
    reconfirm_by: dateOrNull(r.reconfirm_by),
    reconfirm_asked_at: dateOrNull(r.reconfirm_asked_at),
    reconfirmed_at: dateOrNull(r.reconfirmed_at),
  }));
}

/**
 * The rules loop's claims (issue 37), one confirmed application per transaction, its job's row and its own
 * locked past any other instance's (FOR UPDATE SKIP LOCKED, the job first as every write): `ask`, the next
 * one whose request is due (its reconfirm_by within `askLeadMs`: RECONFIRM_OPENS - RECONFIRM_BY) and not yet
 * asked; `release`, the next one asked, not reconfirmed and past its reconfirm_by. Both only before the start.
 * FOR UPDATE re-checks the condition on the newest row version, so one moved by another instance is skipped.
 */
export async function claimReconfirmation(
  database: Database,
  tx: Executor,
  due: 'ask' | 'release',
  now: Date,
  askLeadMs: number,
): Promise<{ id: string; job_id: string } | null> {
  const condition =
    due === 'ask'
      ? sql`a.reconfirm_asked_at is null
          and a.reconfirm_by <= ${new Date(now.getTime() + askLeadMs).toISOString()}::timestamptz`
      : sql`a.reconfirm_asked_at is not null and a.reconfirm_by <= ${now.toISOString()}::timestamptz`;
  const rows = await database.rows<{ id: string; job_id: string }>(
    sql`select a.id, a.job_id from jobs.applications a join jobs.jobs j on j.id = a.job_id
        where a.status = 'accepted' and a.worker_confirmed = true
          and a.reconfirm_by is not null and a.reconfirmed_at is null and ${condition}
          and j.start_time > ${now.toISOString()}::timestamptz
        order by a.reconfirm_by, a.id limit 1 for update of j, a skip locked`,
    tx,
  );
  return rows[0] ?? null;
}
