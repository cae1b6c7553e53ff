import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { KeptTranslation } from '@brigade/contracts';
import { valuesOf, firstRow, dateOrNull, normalised, numberOrNull, toDate, type DriverRow } from './rows';

/** A jobs.disputes row: one per disputed job, resolved once by an operator. */
export interface DisputeRow {
  job_id: string;
  /** the disputed seat (issue 35, migration 0018) */
  seat_no: number;
  chef_id: string;
  restaurant_id: string;
  opened_at: Date;
  /** work: the checkout answers disagree (issue 17); hours: a timesheet's adjustment or no-show (issue 34) */
  kind: 'work' | 'hours';
  reminded_at: Date | null;
  resolved_at: Date | null;
  operator_id: string | null;
  chef_pay_cents: number | null;
  fee_cents: number | null;
  refund_cents: number | null;
  note: string | null;
  /** The note's translation (issue 32, domain/text-translation.ts). */
  note_translation?: unknown;
}

export interface StatementRow {
  id: string;
  job_id: string;
  /** the disputed seat it was written about (issue 35, migration 0018: existing rows seat 1) */
  seat_no: number;
  author_id: string;
  author_side: 'chef' | 'restaurant';
  text: string;
  language: 'en' | 'es';
  translated_text: string | null;
  translated_language: 'en' | 'es' | null;
  created_at: Date;
}

function normaliseDispute(row: DriverRow): DisputeRow {
  return normalised<DisputeRow>(row, {
    kind: (row.kind ?? 'work') as DisputeRow['kind'],
    seat_no: Number(row.seat_no ?? 1),
    opened_at: toDate(row.opened_at),
    reminded_at: dateOrNull(row.reminded_at),
    resolved_at: dateOrNull(row.resolved_at),
    chef_pay_cents: numberOrNull(row.chef_pay_cents),
    fee_cents: numberOrNull(row.fee_cents),
    refund_cents: numberOrNull(row.refund_cents),
  });
}

function normaliseStatement(row: DriverRow): StatementRow {
  return normalised<StatementRow>(row, {
    seat_no: Number(row.seat_no ?? 1),
    created_at: toDate(row.created_at),
  });
}

/** The first jobs.disputes row `where` finds (with its lock when it says `for update`), or null. */
const oneDispute = (database: Database, where: SQL, executor?: Executor): Promise<DisputeRow | null> =>
  firstRow(database, normaliseDispute, sql`select * from jobs.disputes where ${where}`, executor);

/** A seat's dispute as a key (issue 35: a job may have one per seat). */
export const disputeKey = (jobId: string, seatNo: number) => `${jobId}:${seatNo}`;

/** `and seat_no = ...` when a seat is named (none: every seat's). */
const seatFilter = (seatNo?: number) => (seatNo === undefined ? sql`` : sql`and seat_no = ${seatNo}`);

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Open the dispute of a job's seat (once: a second call changes nothing). */
export async function insertDispute(
  tx: Executor,
  d: {
    job_id: string;
    seat_no: number;
    chef_id: string;
    restaurant_id: string;
    opened_at: Date;
    kind?: 'work' | 'hours';
  },
): Promise<void> {
  await tx.execute(sql`
    insert into jobs.disputes (job_id, seat_no, chef_id, restaurant_id, opened_at, kind)
    values (${d.job_id}, ${d.seat_no}, ${d.chef_id}, ${d.restaurant_id}, ${d.opened_at.toISOString()}::timestamptz,
      ${d.kind ?? 'work'})
    on conflict (job_id, seat_no) do nothing`);
}

/**
 * The order in which a job's disputes stand for the job (issue 35: a dispute is a seat's, and a posting of
 * several may have more than one): the undecided first, oldest first, then the decided, latest first.
 */
const DISPUTE_ORDER = sql.raw(
  `(resolved_at is null) desc, case when resolved_at is null then opened_at end asc, resolved_at desc, seat_no`,
);

/**
 * A dispute of a job, locked until the transaction ends (taken after the job's lock): the seat's when
 * `seatNo` is given (issue 35), else the one that stands for the job (DISPUTE_ORDER: the oldest undecided).
 */
export const lockDispute = (database: Database, tx: Executor, jobId: string, seatNo?: number) =>
  oneDispute(
    database,
    sql`job_id = ${jobId} ${seatFilter(seatNo)} order by ${DISPUTE_ORDER} limit 1 for update`,
    tx,
  );

/** Every dispute of these jobs, each job's in DISPUTE_ORDER (issue 35: one per disputed seat). */
export async function allDisputesOf(
  database: Database,
  jobIds: string[],
  executor?: Executor,
): Promise<DisputeRow[]> {
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return [];
  const rows = await database.rows(
    sql`select * from jobs.disputes where job_id in (${idList(ids)}) order by job_id, ${DISPUTE_ORDER}`,
    executor,
  );
  return rows.map(normaliseDispute);
}

/** A seat's dispute, else (no seat named) the one that stands for the job (DISPUTE_ORDER); null when none. */
export const disputeOf = (database: Database, jobId: string, seatNo?: number, executor?: Executor) =>
  oneDispute(
    database,
    sql`job_id = ${jobId} ${seatFilter(seatNo)} order by ${DISPUTE_ORDER} limit 1`,
    executor,
  );

/** The seats of a job whose disputes are still undecided, by number (read under the job's lock). */
export async function undecidedDisputeSeats(
  database: Database,
  tx: Executor,
  jobId: string,
): Promise<number[]> {
  const seats = await valuesOf<unknown>(
    database,
    'seat_no',
    sql`select seat_no from jobs.disputes where job_id = ${jobId} and resolved_at is null order by seat_no`,
    tx,
  );
  return seats.map(Number);
}

/** The statements of these jobs' disputes, oldest first, by dispute (`disputeKey`: each seat's its own). */
export async function statementsOf(
  database: Database,
  jobIds: string[],
  executor?: Executor,
): Promise<Map<string, StatementRow[]>> {
  const result = new Map<string, StatementRow[]>();
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return result;
  const rows = await database.rows(
    sql`select * from jobs.dispute_statements where job_id in (${idList(ids)}) order by created_at, id`,
    executor,
  );
  for (const row of rows.map(normaliseStatement)) {
    const key = disputeKey(row.job_id, row.seat_no);
    result.set(key, [...(result.get(key) ?? []), row]);
  }
  return result;
}

/**
 * One side's statements on a seat's dispute: how many in all, and how many (and the oldest of them) since
 * `since`.
 */
export async function sideStatementCounts(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  side: 'chef' | 'restaurant',
  since: Date,
): Promise<{ total: number; recent: number; oldestRecent: Date | null }> {
  const rows = await database.rows<{ total: unknown; recent: unknown; oldest_recent: unknown }>(
    sql`select count(*) as total,
               count(*) filter (where created_at > ${since.toISOString()}::timestamptz) as recent,
               min(created_at) filter (where created_at > ${since.toISOString()}::timestamptz) as oldest_recent
          from jobs.dispute_statements where job_id = ${jobId} and seat_no = ${seatNo} and author_side = ${side}`,
    tx,
  );
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    recent: Number(row?.recent ?? 0),
    oldestRecent: dateOrNull(row?.oldest_recent),
  };
}

/**
 * Per dispute (`disputeKey`: a job's seat) and side: how many statements, and the latest (one query for every
 * job asked).
 */
export async function latestStatementsOf(
  database: Database,
  jobIds: string[],
  executor?: Executor,
): Promise<Map<string, Partial<Record<'chef' | 'restaurant', { count: number; latest: StatementRow }>>>> {
  const result = new Map<
    string,
    Partial<Record<'chef' | 'restaurant', { count: number; latest: StatementRow }>>
  >();
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return result;
  const rows = await database.rows(
    sql`select distinct on (job_id, seat_no, author_side) *,
               count(*) over (partition by job_id, seat_no, author_side) as side_count
          from jobs.dispute_statements where job_id in (${idList(ids)})
         order by job_id, seat_no, author_side, created_at desc, id desc`,
    executor,
  );
  for (const row of rows) {
    const { side_count, ...statement } = row;
    const latest = normaliseStatement(statement);
    const key = disputeKey(latest.job_id, latest.seat_no);
    result.set(key, {
      ...result.get(key),
      [latest.author_side]: { count: Number(side_count), latest },
    });
  }
  return result;
}

/**
 * A page of a seat's dispute's statements, oldest first: at most `limit`, after the statement `after` (none:
 * from the first). `more` says whether another page follows.
 */
export async function statementsPage(
  database: Database,
  jobId: string,
  seatNo: number,
  page: { after?: string; limit: number },
  executor?: Executor,
): Promise<{ statements: StatementRow[]; more: boolean }> {
  const after = page.after
    ? sql`and (created_at, id) > (select created_at, id from jobs.dispute_statements
                                   where id = ${page.after} and job_id = ${jobId})`
    : sql``;
  const rows = await database.rows(
    sql`select * from jobs.dispute_statements where job_id = ${jobId} and seat_no = ${seatNo} ${after}
         order by created_at, id limit ${page.limit + 1}`,
    executor,
  );
  const statements = rows.map(normaliseStatement);
  return { statements: statements.slice(0, page.limit), more: statements.length > page.limit };
}

export async function insertStatement(
  database: Database,
  tx: Executor,
  s: Omit<StatementRow, 'translated_text' | 'translated_language' | 'created_at'> & { created_at: Date },
): Promise<StatementRow> {
  const rows = await database.rows(
    sql`insert into jobs.dispute_statements (id, job_id, seat_no, author_id, author_side, text, language, created_at)
        values (${s.id}, ${s.job_id}, ${s.seat_no}, ${s.author_id}, ${s.author_side}, ${s.text}, ${s.language},
          ${s.created_at.toISOString()}::timestamptz)
        returning *`,
    tx,
  );
  return normaliseStatement(rows[0]);
}

/** Keep a statement's translation beside it. Returns the job id when the statement is known. */
export async function setStatementTranslation(
  database: Database,
  tx: Executor,
  t: {
    statement_id: string;
    job_id: string;
    translated_text: string | null;
    translated_language: 'en' | 'es';
  },
): Promise<string | null> {
  const rows = await database.rows<{ job_id: string }>(
    sql`update jobs.dispute_statements
           set translated_text = ${t.translated_text},
               translated_language = ${t.translated_text === null ? null : t.translated_language}
         where id = ${t.statement_id} and job_id = ${t.job_id}
         returning job_id`,
    tx,
  );
  return rows[0]?.job_id ?? null;
}

/**
 * Decide a dispute: only one that is still open (the condition makes a second decision, even a concurrent
 * one, change nothing). Returns whether this call decided it.
 */
export async function markDisputeResolved(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  d: {
    operator_id: string;
    chef_pay_cents: number;
    fee_cents: number;
    refund_cents: number;
    note: string;
    resolved_at: Date;
    note_translation: KeptTranslation | null;
  },
): Promise<boolean> {
  const rows = await database.rows(
    sql`update jobs.disputes set resolved_at = ${d.resolved_at.toISOString()}::timestamptz,
          operator_id = ${d.operator_id}, chef_pay_cents = ${d.chef_pay_cents}, fee_cents = ${d.fee_cents},
          refund_cents = ${d.refund_cents}, note = ${d.note},
          note_translation = ${d.note_translation === null ? null : JSON.stringify(d.note_translation)}::jsonb
        where job_id = ${jobId} and seat_no = ${seatNo} and resolved_at is null
        returning job_id`,
    tx,
  );
  return rows.length > 0;
}

/** Open disputes, oldest first: one per disputed seat (issue 35). */
export async function openDisputeSeats(
  database: Database,
  limit = 200,
): Promise<Array<{ job_id: string; seat_no: number }>> {
  const rows = await database.rows<{ job_id: string; seat_no: unknown }>(
    sql`select job_id, seat_no from jobs.disputes where resolved_at is null
        order by opened_at, job_id, seat_no limit ${limit}`,
  );
  return rows.map((r) => ({ job_id: r.job_id, seat_no: Number(r.seat_no) }));
}

/**
 * The rules loop's claim: the next open dispute opened at or before `openedBy` that operators were not
 * reminded of yet, locked past any other instance's.
 */
export const claimDisputeToRemind = (database: Database, tx: Executor, openedBy: Date) =>
  oneDispute(
    database,
    sql`resolved_at is null and reminded_at is null
          and opened_at <= ${openedBy.toISOString()}::timestamptz
        order by opened_at, job_id, seat_no limit 1 for update skip locked`,
    tx,
  );

export async function markDisputeReminded(
  tx: Executor,
  dispute: Pick<DisputeRow, 'job_id' | 'seat_no'>,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`update jobs.disputes set reminded_at = ${at.toISOString()}::timestamptz
        where job_id = ${dispute.job_id} and seat_no = ${dispute.seat_no}`,
  );
}

/** One more message about the job (messaging.message.sent.v1, once per event). */
export async function countMessage(tx: Executor, jobId: string): Promise<void> {
  await tx.execute(sql`
    insert into jobs.thread_sizes (job_id, messages) values (${jobId}, 1)
    on conflict (job_id) do update set messages = jobs.thread_sizes.messages + 1`);
}

export async function threadSize(database: Database, jobId: string, executor?: Executor): Promise<number> {
  const rows = await database.rows<{ messages: number }>(
    sql`select messages from jobs.thread_sizes where job_id = ${jobId}`,
    executor,
  );
  return Number(rows[0]?.messages ?? 0);
}
