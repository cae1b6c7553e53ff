import { randomUUID } from 'node:crypto';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { TimesheetEventRow, TimesheetRow } from '../domain/records';
import { firstRow, setClauses, toDate, normalised, numberOrNull, dateOrNull, type DriverRow } from './rows';

export type { TimesheetEventRow, TimesheetRow };

// The time clock's records (issue 34): one jobs.timesheets row per confirmed application (created at its first
// clock event), and its clock events (jobs.timesheet_events) with where each was made.

const DATES = [
  'clock_in_at',
  'clock_out_at',
  'submitted_at',
  'chef_clock_in_at',
  'chef_clock_out_at',
  'adjusted_at',
  'no_show_at',
  'no_show_final_at',
  'settled_at',
  'running_late_at',
  'locked_until',
] as const;
const NUMBERS = [
  'worked_minutes',
  'chef_break_minutes',
  'chef_pay_cents',
  'fee_cents',
  'extra_charge_cents',
  'refund_cents',
  'running_late_minutes',
] as const;

function normaliseTimesheet(row: DriverRow): TimesheetRow {
  const out: DriverRow = {
    ...row,
    break_minutes: Number(row.break_minutes),
    wrong_codes: Number(row.wrong_codes),
  };
  for (const k of DATES) out[k] = dateOrNull(row[k]);
  for (const k of NUMBERS) out[k] = numberOrNull(row[k]);
  return normalised<TimesheetRow>(out, {});
}

function normaliseEvent(row: DriverRow): TimesheetEventRow {
  return normalised<TimesheetEventRow>(row, {
    at: toDate(row.at),
    clock_in_at: dateOrNull(row.clock_in_at),
    clock_out_at: dateOrNull(row.clock_out_at),
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
    accuracy_m: numberOrNull(row.accuracy_m),
    distance_m: numberOrNull(row.distance_m),
    break_minutes: numberOrNull(row.break_minutes),
    minutes: numberOrNull(row.minutes),
  });
}

/**
 * The application's timesheet, locked until the transaction ends (taken after the job's and the
 * application's locks); created not_started first when it has none (the primary key keeps it one).
 */
export async function lockOrCreateTimesheet(
  database: Database,
  tx: Executor,
  t: { application_id: string; job_id: string; chef_id: string; break_minutes: number },
): Promise<TimesheetRow> {
  await tx.execute(sql`
    insert into jobs.timesheets (application_id, job_id, chef_id, break_minutes)
    values (${t.application_id}, ${t.job_id}, ${t.chef_id}, ${t.break_minutes})
    on conflict (application_id) do nothing`);
  return (await lockTimesheet(database, tx, t.application_id))!;
}

/** The first jobs.timesheets row `where` finds (with its lock when it says `for update`), or null. */
const oneTimesheet = (database: Database, where: SQL, executor?: Executor): Promise<TimesheetRow | null> =>
  firstRow(database, normaliseTimesheet, sql`select * from jobs.timesheets where ${where}`, executor);

export const lockTimesheet = (database: Database, tx: Executor, applicationId: string) =>
  oneTimesheet(database, sql`application_id = ${applicationId} for update`, tx);

export const findTimesheet = (database: Database, applicationId: string, executor?: Executor) =>
  oneTimesheet(database, sql`application_id = ${applicationId}`, executor);

/** The timesheet of a job's seat that has clock events (a status past not_started), if any. */
export const clockedTimesheetOfJob = (database: Database, jobId: string, executor?: Executor) =>
  oneTimesheet(
    database,
    sql`job_id = ${jobId} and status <> 'not_started'
        order by created_at desc limit 1`,
    executor,
  );

export type TimesheetPatch = Partial<Omit<TimesheetRow, 'application_id' | 'job_id' | 'chef_id'>>;

export async function updateTimesheet(
  tx: Executor,
  applicationId: string,
  patch: TimesheetPatch,
): Promise<void> {
  const sets = setClauses(patch);
  if (sets.length === 0) return;
  await tx.execute(
    sql`update jobs.timesheets set ${sql.join(sets, sql`, `)}, updated_at = now()
        where application_id = ${applicationId}`,
  );
}

export type NewTimesheetEvent = Omit<TimesheetEventRow, 'id' | 'application_id'>;

export async function insertTimesheetEvent(
  tx: Executor,
  applicationId: string,
  e: Partial<NewTimesheetEvent> & Pick<NewTimesheetEvent, 'type' | 'at' | 'by'>,
): Promise<void> {
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  await tx.execute(sql`
    insert into jobs.timesheet_events (id, application_id, type, at, by, method, latitude, longitude, accuracy_m,
      distance_m, clock_in_at, clock_out_at, break_minutes, minutes, note)
    values (${randomUUID()}, ${applicationId}, ${e.type}, ${e.at.toISOString()}::timestamptz, ${e.by},
      ${e.method ?? null}, ${e.latitude ?? null}, ${e.longitude ?? null}, ${e.accuracy_m ?? null},
      ${e.distance_m ?? null}, ${iso(e.clock_in_at)}::timestamptz, ${iso(e.clock_out_at)}::timestamptz,
      ${e.break_minutes ?? null}, ${e.minutes ?? null}, ${e.note ?? null})`);
}

export async function timesheetEventsOf(
  database: Database,
  applicationId: string,
  executor?: Executor,
): Promise<TimesheetEventRow[]> {
  const rows = await database.rows(
    sql`select * from jobs.timesheet_events where application_id = ${applicationId} order by at, id`,
    executor,
  );
  return rows.map(normaliseEvent);
}

/** The chef's latest clock event with a position, on any shift (the jump check compares with it). */
export async function lastPositionOfChef(
  database: Database,
  tx: Executor,
  chefId: string,
): Promise<{ latitude: number; longitude: number; accuracy_m: number | null; at: Date } | null> {
  const rows = await database.rows<{
    latitude: number | string;
    longitude: number | string;
    accuracy_m: number | string | null;
    at: Date | string;
  }>(
    sql`select e.latitude, e.longitude, e.accuracy_m, e.at from jobs.timesheet_events e
          join jobs.timesheets t on t.application_id = e.application_id
         where t.chef_id = ${chefId} and e.latitude is not null
         order by e.at desc, e.id desc limit 1`,
    tx,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    accuracy_m: r.accuracy_m == null ? null : Number(r.accuracy_m),
    at: toDate(r.at),
  };
}

/** What a timed rule of the clock is due on: `due` reads the timesheet (t) and its job (j). */
export type TimesheetDue = 'auto_clock_out' | 'auto_approve' | 'accept_by_silence' | 'no_show_final';

/**
 * The next timesheet a timed rule is due on, its job row locked past any other instance's (FOR UPDATE SKIP
 * LOCKED, as the other rules claim jobs): its application id, or null when none is due.
 */
export async function claimDueTimesheet(
  database: Database,
  tx: Executor,
  due: TimesheetDue,
  cutoff: Date,
): Promise<string | null> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const where = {
    auto_clock_out: sql`t.status = 'clocked_in' and j.end_time <= ${at}`,
    auto_approve: sql`t.status = 'submitted' and t.submitted_at <= ${at}`,
    accept_by_silence: sql`t.status = 'adjusted' and t.adjusted_at <= ${at}`,
    no_show_final: sql`t.status = 'no_show' and t.no_show_final_at is null and t.no_show_at <= ${at}`,
  }[due];
  const rows = await database.rows<{ application_id: string }>(
    // Only a seat still held by its confirmed chef on a live shift: a cancelled one is never claimed (and so
    // never blocks the rule for the others).
    sql`select t.application_id from jobs.timesheets t
          join jobs.jobs j on j.id = t.job_id and j.status in ('filled', 'disputed')
          join jobs.applications a on a.id = t.application_id and a.status = 'accepted' and a.worker_confirmed
         where ${where} order by t.updated_at, t.application_id limit 1 for update of j skip locked`,
    tx,
  );
  return rows[0]?.application_id ?? null;
}

/** Issue 38: every timesheet of a job (one per booked seat that clocked), for the job's evidence. */
export async function timesheetsOfJob(database: Database, jobId: string): Promise<TimesheetRow[]> {
  const rows = await database.rows(
    sql`select * from jobs.timesheets where job_id = ${jobId} order by created_at, application_id`,
  );
  return rows.map(normaliseTimesheet);
}

/** Issue 38: every clock event of a job's timesheets, oldest first, for the job's evidence. */
export async function timesheetEventsOfJob(database: Database, jobId: string): Promise<TimesheetEventRow[]> {
  const rows = await database.rows(
    sql`select e.* from jobs.timesheet_events e
          join jobs.timesheets t on t.application_id = e.application_id
        where t.job_id = ${jobId} order by e.at, e.id`,
  );
  return rows.map(normaliseEvent);
}
