import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import {
  jobStatusOfSeats,
  nextSeatStatus,
  type JobStatus,
  type SeatAction,
  type SeatStatus,
} from '@brigade/contracts';
import type { JobRow, SeatRow } from '../domain/records';
import { firstRow, setClauses, normalised, numberOrNull, dateOrNull, type DriverRow } from './rows';
import type { SeatOneField } from './seat-views';

// jobs.seats (issue 35, ADR 0030, migration 0018): a seat is the unit of work and money of a job. Every write
// to a seat runs under its job's row lock (`lockJob`), and the job's status is derived from its seats
// (`deriveJobStatus`) in the same transaction.

function normaliseSeat(row: DriverRow): SeatRow {
  return normalised<SeatRow>(row, {
    seat_no: Number(row.seat_no),
    chef_rating: numberOrNull(row.chef_rating),
    restaurant_rating: numberOrNull(row.restaurant_rating),
    chef_rating_public: row.chef_rating_public === true,
    restaurant_rating_public: row.restaurant_rating_public === true,
    restaurant_checked_out_at: dateOrNull(row.restaurant_checked_out_at),
    chef_checked_out_at: dateOrNull(row.chef_checked_out_at),
    cancel_chef_pay_cents: numberOrNull(row.cancel_chef_pay_cents),
    cancel_fee_cents: numberOrNull(row.cancel_fee_cents),
    cancel_refund_cents: numberOrNull(row.cancel_refund_cents),
    money_chef_pay_cents: numberOrNull(row.money_chef_pay_cents),
    money_fee_cents: numberOrNull(row.money_fee_cents),
    money_refund_cents: numberOrNull(row.money_refund_cents),
  });
}

/** A job's seats, lowest first (the caller holds the job's lock). */
export async function seatsOfJob(database: Database, tx: Executor, jobId: string): Promise<SeatRow[]> {
  const rows = await database.rows(
    sql`select * from jobs.seats where job_id = ${jobId} order by seat_no`,
    tx,
  );
  return rows.map(normaliseSeat);
}

/** The seats of several jobs (a page of a restaurant's postings of several chefs), by job, lowest first. */
export async function seatsOfJobs(
  database: Database,
  jobIds: readonly string[],
  executor?: Executor,
): Promise<Map<string, SeatRow[]>> {
  const byJob = new Map<string, SeatRow[]>();
  if (jobIds.length === 0) return byJob;
  const rows = await database.rows(
    sql`select * from jobs.seats where job_id = any(${idArray(jobIds)}::uuid[]) order by job_id, seat_no`,
    executor,
  );
  for (const seat of rows.map(normaliseSeat))
    byJob.set(seat.job_id, [...(byJob.get(seat.job_id) ?? []), seat]);
  return byJob;
}

/** A job's seats with their chefs' names (the job page's seat list), lowest first. */
export async function seatsWithChefs(
  database: Database,
  jobId: string,
  executor?: Executor,
): Promise<(SeatRow & { chef_name: string | null })[]> {
  const rows = await database.rows(
    sql`select s.*, cp.name as chef_name from jobs.seats s
          left join jobs.chef_profiles cp on cp.user_id = s.chef_id
        where s.job_id = ${jobId} order by s.seat_no`,
    executor,
  );
  return rows.map((r) => ({ ...normaliseSeat(r), chef_name: (r.chef_name as string | null) ?? null }));
}

/** The first jobs.seats row `where` finds (with its lock when it says `for update`), or null. */
const oneSeat = (database: Database, where: SQL, executor?: Executor): Promise<SeatRow | null> =>
  firstRow(database, normaliseSeat, sql`select * from jobs.seats where ${where}`, executor);

/** The seat an application booked, or null (it never confirmed, or its chef cancelled and the seat reopened). */
export const seatOfApplication = (database: Database, tx: Executor, applicationId: string) =>
  oneSeat(database, sql`application_id = ${applicationId}`, tx);

/** The seat an application booked, read outside a write (the views), or null. */
export const seatOfBooking = (database: Database, applicationId: string, executor?: Executor) =>
  oneSeat(database, sql`application_id = ${applicationId}`, executor);

/** One seat of a job, or null. */
export const seatOf = (database: Database, tx: Executor, jobId: string, seatNo: number) =>
  oneSeat(database, sql`job_id = ${jobId} and seat_no = ${seatNo}`, tx);

/** The lowest free seat of a job (open, nobody booked it), or null: a booking takes it under the job's lock. */
export const lowestFreeSeat = (database: Database, tx: Executor, jobId: string) =>
  oneSeat(
    database,
    sql`job_id = ${jobId} and status = 'open' and application_id is null
        order by seat_no limit 1`,
    tx,
  );

export type SeatPatch = Partial<
  Pick<SeatRow, SeatOneField | 'status' | 'application_id' | 'chef_id' | 'payment_status'>
>;

/**
 * Write a seat's columns. The job's `updated_at` moves with it (a job answer shows its seat 1 and its
 * `updated_at`, and the application lists key their kept fragments by the rows' versions).
 */
export async function updateSeat(
  tx: Executor,
  jobId: string,
  seatNo: number,
  patch: SeatPatch,
): Promise<void> {
  const sets = setClauses(patch);
  if (sets.length === 0) return;
  // one statement, one round trip while the caller holds its locks
  await tx.execute(
    sql`with seat as (
          update jobs.seats set ${sql.join(sets, sql`, `)}, updated_at = now()
          where job_id = ${jobId} and seat_no = ${seatNo}
        )
        update jobs.jobs set updated_at = now() where id = ${jobId}`,
  );
}

/**
 * The job's status from its seats (contracts' `jobStatusOfSeats`), written when it changed: called in the
 * transaction of every seat change, after it. Returns the job's status now.
 */
export async function deriveJobStatus(
  database: Database,
  tx: Executor,
  job: Pick<JobRow, 'id' | 'status'>,
): Promise<JobStatus> {
  // The job's own status as stored (the caller's `job` may be one seat's view of it, domain/seats.ts).
  const [stored] = await database.rows<{ status: JobStatus }>(
    sql`select status from jobs.jobs where id = ${job.id}`,
    tx,
  );
  const current = stored?.status ?? job.status;
  const seats = await seatsOfJob(database, tx, job.id);
  const status = jobStatusOfSeats({ status: current }, seats);
  if (status !== current)
    await tx.execute(sql`update jobs.jobs set status = ${status}, updated_at = now() where id = ${job.id}`);
  return status;
}

/** Set seats' status (the job's own lifecycle moved them all: cancelled, expired). */
export async function setSeatsStatus(
  tx: Executor,
  jobId: string,
  from: readonly SeatStatus[],
  to: SeatStatus,
): Promise<void> {
  await tx.execute(
    sql`update jobs.seats set status = ${to}, updated_at = now()
        where job_id = ${jobId} and status = any(${idArray(from)}::text[])`,
  );
}

/**
 * Move one seat by its lifecycle (contracts' SEAT_TRANSITIONS), with any of its columns, then derive the job's
 * status from its seats: returns the job's status now. A seat not in the action's `from` is a broken invariant
 * (the callers checked the job's own transition, which a seat mirrors), never a user's error.
 */
export async function moveSeat(
  database: Database,
  tx: Executor,
  job: Pick<JobRow, 'id' | 'status'>,
  seatNo: number,
  action: SeatAction,
  patch: SeatPatch = {},
): Promise<JobStatus> {
  const seat = await seatOf(database, tx, job.id, seatNo);
  const to = seat && nextSeatStatus(action, seat.status);
  if (!to)
    throw new Error(`seat ${seatNo} of job ${job.id} cannot ${action} from ${seat?.status ?? 'nothing'}`);
  await updateSeat(tx, job.id, seatNo, { ...patch, status: to });
  return deriveJobStatus(database, tx, job);
}
