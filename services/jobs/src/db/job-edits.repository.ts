import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { KeptTranslation } from '@brigade/contracts';
import type { EditKind, EditStatus, JobEditRow, StoredShape } from '../domain/edits';
import { firstRow, toDate, toJson, normalised, type DriverRow } from './rows';

// jobs.job_edits and jobs.edit_answers (issue 35, ADR 0031, migration 0021). Every write runs under the job's
// row lock (`lockJob`), as every write to a job, its seats and its applications.

function normaliseEdit(row: DriverRow): JobEditRow {
  return normalised<JobEditRow>(row, {
    before: toJson<StoredShape>(row.before, {} as StoredShape),
    after: toJson<StoredShape>(row.after, {} as StoredShape),
    charge_cents: Number(row.charge_cents),
    refund_cents: Number(row.refund_cents),
    created_at: toDate(row.created_at),
    updated_at: toDate(row.updated_at),
  });
}

export async function insertEdit(
  tx: Executor,
  edit: Pick<
    JobEditRow,
    'id' | 'job_id' | 'before' | 'after' | 'charge_cents' | 'refund_cents' | 'status'
  > & { created_at: Date; kind?: EditKind },
): Promise<void> {
  await tx.execute(sql`
    insert into jobs.job_edits (id, job_id, before, after, charge_cents, refund_cents, status, created_at, updated_at,
      kind)
    values (${edit.id}, ${edit.job_id}, ${JSON.stringify(edit.before)}::jsonb, ${JSON.stringify(edit.after)}::jsonb,
      ${edit.charge_cents}, ${edit.refund_cents}, ${edit.status}, ${edit.created_at.toISOString()}::timestamptz,
      ${edit.created_at.toISOString()}::timestamptz, ${edit.kind ?? 'edit'})`);
}

/** The first jobs.job_edits row `where` finds (with its lock when it says `for update`), or null. */
const oneEdit = (database: Database, where: SQL, executor?: Executor): Promise<JobEditRow | null> =>
  firstRow(database, normaliseEdit, sql`select * from jobs.job_edits where ${where}`, executor);

/** The first jobs.edit_answers row `where` finds (with its lock when it says `for update`), or null. */
const oneAnswer = (database: Database, where: SQL, executor?: Executor): Promise<EditAnswerRow | null> =>
  firstRow(database, normaliseAnswer, sql`select * from jobs.edit_answers where ${where}`, executor);

/** One edit, locked (its job's lock is taken first). */
export const lockEdit = (database: Database, tx: Executor, id: string) =>
  oneEdit(database, sql`id = ${id} for update`, tx);

/** The job's edit being charged, if any. */
export const chargingEditOf = (database: Database, tx: Executor, jobId: string) =>
  oneEdit(database, sql`job_id = ${jobId} and status = 'charging'`, tx);

export async function setEditStatus(
  tx: Executor,
  id: string,
  status: EditStatus,
  code: string | null = null,
): Promise<void> {
  await tx.execute(
    sql`update jobs.job_edits set status = ${status}, code = ${code}, updated_at = now() where id = ${id}`,
  );
}

/**
 * The latest edit of each job when it is still being charged or was declined (the owner's `pending_edit`); a
 * later edit that took effect hides an earlier declined one.
 */
export async function pendingEditsOf(
  database: Database,
  jobIds: string[],
  executor?: Executor,
): Promise<Map<string, JobEditRow>> {
  if (jobIds.length === 0) return new Map();
  const rows = await database.rows(
    sql`select distinct on (job_id) * from jobs.job_edits
        where job_id = any(${idArray(jobIds)}::uuid[])
        order by job_id, created_at desc, id desc`,
    executor,
  );
  const edits = rows.map(normaliseEdit).filter((e) => e.status === 'charging' || e.status === 'declined');
  return new Map(edits.map((e) => [e.job_id, e]));
}

/** The job's terms after an edit: its shape, its amounts (postingFigures of the shape), its words when given. */
export async function updateJobTerms(
  tx: Executor,
  jobId: string,
  terms: {
    start_time: Date;
    end_time: Date;
    hourly_rate_cents: number;
    break_minutes: number;
    headcount: number;
    subtotal_cents: number;
    fee_cents: number;
    total_cents: number;
    description?: string | null;
    description_translation?: KeptTranslation | null;
    required_skills?: string[];
    required_credentials?: string[];
  },
): Promise<void> {
  const words = [
    ...(terms.description === undefined
      ? []
      : [
          sql`description = ${terms.description}`,
          sql`description_translation = ${
            terms.description_translation ? JSON.stringify(terms.description_translation) : null
          }::jsonb`,
        ]),
    ...(terms.required_skills === undefined
      ? []
      : [sql`required_skills = ${JSON.stringify(terms.required_skills)}::jsonb`]),
    ...(terms.required_credentials === undefined
      ? []
      : [sql`required_credentials = ${JSON.stringify(terms.required_credentials)}::jsonb`]),
  ];
  await tx.execute(sql`
    update jobs.jobs set start_time = ${terms.start_time.toISOString()}::timestamptz,
      end_time = ${terms.end_time.toISOString()}::timestamptz, hourly_rate_cents = ${terms.hourly_rate_cents},
      break_minutes = ${terms.break_minutes}, headcount = ${terms.headcount},
      subtotal_cents = ${terms.subtotal_cents}, fee_cents = ${terms.fee_cents}, total_cents = ${terms.total_cents}
      ${words.length ? sql`, ${sql.join(words, sql`, `)}` : sql``}, updated_at = now()
    where id = ${jobId}`);
}

/** Open seats added to a job: the lowest seat numbers not in use (ADR 0030: 1-20). */
export async function addSeats(tx: Executor, jobId: string, seatNos: number[]): Promise<void> {
  for (const n of seatNos)
    await tx.execute(sql`insert into jobs.seats (job_id, seat_no) values (${jobId}, ${n})`);
}

/** Unbooked seats removed from a job (the last ones: seatsToRemove). */
export async function removeSeats(tx: Executor, jobId: string, seatNos: number[]): Promise<void> {
  if (seatNos.length === 0) return;
  await tx.execute(
    sql`delete from jobs.seats where job_id = ${jobId} and application_id is null and status = 'open'
        and seat_no = any(${idArray(seatNos.map(String))}::int[])`,
  );
}

/** A booked chef's answer due to an edit (jobs.edit_answers). */
export interface EditAnswerRow {
  application_id: string;
  job_id: string;
  edit_id: string;
  before: StoredShape;
  after: StoredShape;
  answer_by: Date;
}

function normaliseAnswer(row: DriverRow): EditAnswerRow {
  return normalised<EditAnswerRow>(row, {
    before: toJson<StoredShape>(row.before, {} as StoredShape),
    after: toJson<StoredShape>(row.after, {} as StoredShape),
    answer_by: toDate(row.answer_by),
  });
}

/** Ask the chef of a booked seat to answer an edit (replacing an earlier question: the caller keeps its `before`). */
export async function askForAnswer(tx: Executor, answer: EditAnswerRow): Promise<void> {
  await tx.execute(sql`
    insert into jobs.edit_answers (application_id, job_id, edit_id, before, after, answer_by)
    values (${answer.application_id}, ${answer.job_id}, ${answer.edit_id}, ${JSON.stringify(answer.before)}::jsonb,
      ${JSON.stringify(answer.after)}::jsonb, ${answer.answer_by.toISOString()}::timestamptz)
    on conflict (application_id) do update set edit_id = excluded.edit_id, after = excluded.after,
      answer_by = excluded.answer_by, before = excluded.before, created_at = now()`);
}

/** The answer due from an application's chef (any: the caller checks `answer_by`), or null. */
export const answerOf = (database: Database, applicationId: string, executor?: Executor) =>
  oneAnswer(database, sql`application_id = ${applicationId}`, executor);

/** The answers still due (before `now`) of these applications, by application. */
export async function dueAnswersOf(
  database: Database,
  applicationIds: string[],
  now: Date,
  executor?: Executor,
): Promise<Map<string, EditAnswerRow>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await database.rows(
    sql`select * from jobs.edit_answers where application_id = any(${idArray(applicationIds)}::uuid[])
        and answer_by > ${now.toISOString()}::timestamptz`,
    executor,
  );
  return new Map(rows.map(normaliseAnswer).map((a) => [a.application_id, a]));
}

export async function clearAnswer(tx: Executor, applicationId: string): Promise<void> {
  await tx.execute(sql`delete from jobs.edit_answers where application_id = ${applicationId}`);
}

/**
 * Issue 37: the job shows "boosted": the rate before its FIRST boost is kept (a later boost keeps it), in the
 * transaction that applies the boost under the job's lock. Returns that rate.
 */
export async function markBoosted(
  database: Database,
  tx: Executor,
  jobId: string,
  fromRateCents: number,
): Promise<number> {
  const rows = await database.rows<{ boosted_from_rate_cents: number | string }>(
    sql`update jobs.jobs set boosted_from_rate_cents = coalesce(boosted_from_rate_cents, ${fromRateCents}),
          updated_at = now()
        where id = ${jobId} returning boosted_from_rate_cents`,
    tx,
  );
  return Number(rows[0]?.boosted_from_rate_cents ?? fromRateCents);
}
