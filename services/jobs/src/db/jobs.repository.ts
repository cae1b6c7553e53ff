import { sql, type Executor } from '@brigade/kit';
import type { Database } from '@brigade/kit';
import type { KeptTranslation } from '@brigade/contracts';
import { valuesOf, firstRow, normaliseJob, setClauses, type JobRow } from './rows';
import { jobColumns, seatOneColumns, seatOneJoin } from './seat-views';

/** What a posted job is created with: the rest of its row starts at the migrations' defaults. */
export type NewJob = Pick<
  JobRow,
  | 'id'
  | 'restaurant_id'
  | 'title'
  | 'description'
  | 'start_time'
  | 'end_time'
  | 'hourly_rate_cents'
  | 'subtotal_cents'
  | 'fee_cents'
  | 'total_cents'
  | 'break_minutes'
  | 'headcount'
  | 'emergency_level'
  | 'required_skills'
  | 'notify_favorites'
  | 'required_credentials'
> & {
  description_translation: KeptTranslation | null;
  roster_first_minutes?: number;
  instant_book?: boolean;
};

export async function insertJob(database: Database, tx: Executor, job: NewJob): Promise<void> {
  await tx.execute(sql`
    insert into jobs.jobs (id, restaurant_id, title, description, start_time, end_time, hourly_rate_cents, subtotal_cents,
      fee_cents, total_cents, break_minutes, headcount, emergency_level, required_skills, notify_favorites, status,
      payment_status, description_translation, roster_first_minutes, instant_book, required_credentials)
    values (${job.id}, ${job.restaurant_id}, ${job.title}, ${job.description}, ${job.start_time.toISOString()}::timestamptz,
      ${job.end_time.toISOString()}::timestamptz, ${job.hourly_rate_cents}, ${job.subtotal_cents}, ${job.fee_cents},
      ${job.total_cents}, ${job.break_minutes}, ${job.headcount}, ${job.emergency_level}, ${JSON.stringify(job.required_skills)}::jsonb,
      ${JSON.stringify(job.notify_favorites)}::jsonb, 'pending_payment', 'pending',
      ${job.description_translation === null ? null : JSON.stringify(job.description_translation)}::jsonb,
      ${job.roster_first_minutes ?? 0}, ${job.instant_book === true},
      ${JSON.stringify(job.required_credentials)}::jsonb)`);
  // Issue 35: its seats, 1 to headcount, open.
  await tx.execute(
    sql`insert into jobs.seats (job_id, seat_no) select ${job.id}, n from generate_series(1, ${job.headcount}::int) n`,
  );
}

/**
 * The job row, locked until the transaction ends: every write to a job, its seats or its applications starts
 * here (the job's lock covers its seats: nothing writes a seat without it). Seat 1's columns read as the job's
 * (db/seat-views.ts).
 */
export async function lockJob(database: Database, tx: Executor, id: string): Promise<JobRow | null> {
  return firstRow(
    database,
    normaliseJob,
    sql`select ${jobColumns}, ${seatOneColumns} from jobs.jobs j ${seatOneJoin} where j.id = ${id} for update of j`,
    tx,
    { prepared: true },
  );
}

export async function findJob(database: Database, id: string, executor?: Executor): Promise<JobRow | null> {
  return firstRow(
    database,
    normaliseJob,
    sql`select ${jobColumns}, ${seatOneColumns} from jobs.jobs j ${seatOneJoin} where j.id = ${id}`,
    executor,
    { prepared: true },
  );
}

type JobPatch = Partial<
  Pick<
    JobRow,
    | 'status'
    | 'payment_status'
    | 'cancelled_at'
    | 'cancelled_by'
    | 'cancelled_late'
    | 'cancel_reason'
    | 'clock_code'
    | 'roster_first_until'
    | 'roster_window_ended_at'
    | 'emergency_level'
  >
> & { cancel_reason_translation?: KeptTranslation | null };

/** Write the job's own columns (a seat's are written with seats.repository's `updateSeat`). */
export async function updateJob(tx: Executor, id: string, patch: JobPatch): Promise<void> {
  const sets = setClauses(patch, ['cancel_reason_translation']);
  if (sets.length === 0) return;
  await tx.execute(sql`update jobs.jobs set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
}

/**
 * The rules loop's claims: the next due job, locked for this transaction, skipping any another instance (or a
 * use case) holds. FOR UPDATE re-checks the condition on the newest row version, so a job another instance
 * just moved on is not claimed again; one job per transaction, so a restart mid-pass loses nothing.
 */
export async function claimJobToExpire(database: Database, tx: Executor, now: Date): Promise<JobRow | null> {
  return firstRow(
    database,
    normaliseJob,
    sql`select ${jobColumns}, ${seatOneColumns} from jobs.jobs j ${seatOneJoin}
        where j.status in ('pending_payment', 'payment_failed', 'open')
        and j.start_time <= ${now.toISOString()}::timestamptz
        order by j.start_time, j.id limit 1 for update of j skip locked`,
    tx,
  );
}

/**
 * Issue 37: the next job whose roster-first window has ended and was not yet marked so, locked past any other
 * instance (jobs_roster_window_due_idx), whatever its status: the caller marks it and tells only about open ones.
 */
export async function claimRosterWindowEnded(
  database: Database,
  tx: Executor,
  now: Date,
): Promise<JobRow | null> {
  return firstRow(
    database,
    normaliseJob,
    sql`select ${jobColumns}, ${seatOneColumns} from jobs.jobs j ${seatOneJoin}
        where j.roster_first_until is not null and j.roster_window_ended_at is null
        and j.roster_first_until <= ${now.toISOString()}::timestamptz
        order by j.roster_first_until, j.id limit 1 for update of j skip locked`,
    tx,
  );
}

/**
 * The next booked seat whose job ended at or before `endedBy` (its checkout deadline passed), its job locked
 * (issue 35: each seat of a posting is claimed on its own, whatever its siblings: completed, disputed, or
 * expired at the start). Only a seat still filled by its confirmed chef, on a job still being worked.
 */
export async function claimSeatPastCheckoutDeadline(
  database: Database,
  tx: Executor,
  endedBy: Date,
): Promise<{ job: JobRow; seat_no: number } | null> {
  const rows = await database.rows(
    sql`select ${jobColumns}, ${seatOneColumns}, s.seat_no as claimed_seat_no
        from jobs.jobs j ${seatOneJoin}
        join jobs.seats s on s.job_id = j.id and s.status = 'filled'
        join jobs.applications a on a.id = s.application_id and a.status = 'accepted' and a.worker_confirmed = true
        where j.status in ('filled', 'disputed') and j.end_time <= ${endedBy.toISOString()}::timestamptz
        -- a seat with clock events is paid by its timesheet (issue 34), never by the checkout deadline
        and not exists (select 1 from jobs.timesheets t where t.application_id = s.application_id
                         and t.status <> 'not_started')
        order by j.end_time, j.id, s.seat_no limit 1 for update of j skip locked`,
    tx,
  );
  if (!rows[0]) return null;
  const { claimed_seat_no, ...job } = rows[0];
  return { job: normaliseJob(job), seat_no: Number(claimed_seat_no) };
}

/** A restaurant's shifts that may still be cancelled (awaiting payment, payment failed, open, filled), by id. */
export const cancellableJobIdsOf = (database: Database, tx: Executor, restaurantId: string) =>
  valuesOf<string>(
    database,
    'id',
    sql`select id from jobs.jobs where restaurant_id = ${restaurantId}
          and status in ('pending_payment', 'payment_failed', 'open', 'filled')
        order by id`,
    tx,
  );
