import { sql, type Database, type Executor } from '@brigade/kit';
import type { CredentialType, jobEditsHttp } from '@brigade/contracts';
import type { PlannedOccurrence, SeriesShape } from '../domain/series';
import type { ShiftTemplateRow } from './shift-templates.repository';
import { valuesOf, firstRow, toDate, toJson, normalised, numberOrNull, type DriverRow } from './rows';

// Issue 35 (ADR 0031): a restaurant's repeats and weekly series (migration 0022) and their occurrences.

export type OccurrenceStatus = 'scheduled' | 'posted' | 'payment_needed' | 'skipped';

export interface SeriesRow extends SeriesShape {
  id: string;
  restaurant_id: string;
  kind: 'weekly' | 'dates';
  language: 'en' | 'es';
  weekdays: jobEditsHttp.Weekday[];
  from_date: string;
  until_date: string;
  status: 'active' | 'stopped';
  source_job_id: string | null;
  created_at: Date;
}

export interface OccurrenceRow {
  series_id: string;
  date: string;
  start_time: Date;
  end_time: Date;
  status: OccurrenceStatus;
  job_id: string | null;
  charge_at: Date;
  /** the posted job's total (its own terms, edited or not); null before it is posted */
  job_total_cents?: number | null;
}

export type NewOccurrence = PlannedOccurrence;

const seriesColumns = sql`s.id, s.restaurant_id, s.kind, s.title, s.start_time, s.end_time, s.hourly_rate_cents,
  s.headcount, s.break_minutes, s.description, s.required_skills, s.required_credentials, s.language, s.weekdays,
  s.from_date::text as from_date, s.until_date::text as until_date, s.status, s.source_job_id, s.created_at`;

const occurrenceColumns = sql`o.series_id, o.date::text as date, o.start_time, o.end_time, o.status, o.job_id,
  o.charge_at`;

function normaliseSeries(row: DriverRow): SeriesRow {
  return normalised<SeriesRow>(row, {
    hourly_rate_cents: Number(row.hourly_rate_cents),
    headcount: Number(row.headcount),
    break_minutes: Number(row.break_minutes),
    required_skills: toJson<string[]>(row.required_skills, []),
    required_credentials: toJson<CredentialType[]>(row.required_credentials, []),
    weekdays: toJson<jobEditsHttp.Weekday[]>(row.weekdays, []),
    created_at: toDate(row.created_at),
  });
}

function normaliseOccurrence(row: DriverRow): OccurrenceRow {
  return normalised<OccurrenceRow>(row, {
    start_time: toDate(row.start_time),
    end_time: toDate(row.end_time),
    charge_at: toDate(row.charge_at),
    job_total_cents: numberOrNull(row.job_total_cents),
  });
}

/** One of the restaurant's shift templates, as a series' shape; null when it has none of that id. */
export async function templateShape(
  database: Database,
  restaurantId: string,
  id: string,
  executor?: Executor,
): Promise<SeriesShape | null> {
  const rows = await database.rows<ShiftTemplateRow>(
    sql`select title, start_time, end_time, hourly_rate_cents, headcount, break_minutes, description,
          required_skills, required_credentials
        from jobs.shift_templates where id = ${id} and restaurant_id = ${restaurantId}`,
    executor,
  );
  if (!rows[0]) return null;
  const t = rows[0];
  return {
    title: t.title,
    start_time: t.start_time,
    end_time: t.end_time,
    hourly_rate_cents: Number(t.hourly_rate_cents),
    headcount: Number(t.headcount),
    break_minutes: Number(t.break_minutes),
    description: t.description,
    required_skills: toJson<string[]>(t.required_skills, []),
    required_credentials: toJson<CredentialType[]>(t.required_credentials, []),
  };
}

export async function insertSeries(
  tx: Executor,
  s: Omit<SeriesRow, 'status' | 'created_at'> & { created_at: Date },
): Promise<void> {
  await tx.execute(
    sql`insert into jobs.job_series (id, restaurant_id, kind, title, start_time, end_time, hourly_rate_cents,
          headcount, break_minutes, description, required_skills, required_credentials, language, weekdays,
          from_date, until_date, source_job_id, created_at, updated_at)
        values (${s.id}, ${s.restaurant_id}, ${s.kind}, ${s.title}, ${s.start_time}, ${s.end_time},
          ${s.hourly_rate_cents}, ${s.headcount}, ${s.break_minutes}, ${s.description},
          ${JSON.stringify(s.required_skills)}::jsonb, ${JSON.stringify(s.required_credentials)}::jsonb,
          ${s.language}, ${JSON.stringify(s.weekdays)}::jsonb,
          ${s.from_date}::date, ${s.until_date}::date, ${s.source_job_id},
          ${s.created_at.toISOString()}::timestamptz, ${s.created_at.toISOString()}::timestamptz)`,
  );
}

/** Scheduled occurrences; a date the series already has keeps its row (posted, paid or skipped). */
export async function insertOccurrences(
  tx: Executor,
  seriesId: string,
  occurrences: NewOccurrence[],
): Promise<void> {
  for (const o of occurrences)
    await tx.execute(
      sql`insert into jobs.series_occurrences (series_id, date, start_time, end_time, charge_at)
          values (${seriesId}, ${o.date}::date, ${o.start_time.toISOString()}::timestamptz,
            ${o.end_time.toISOString()}::timestamptz, ${o.charge_at.toISOString()}::timestamptz)
          on conflict (series_id, date) do nothing`,
    );
}

/** A job posted for an occurrence names its series and date (Job.series_id: My Shifts groups by it). */
export async function markOccurrenceJob(
  tx: Executor,
  jobId: string,
  seriesId: string,
  date: string,
): Promise<void> {
  await tx.execute(
    sql`update jobs.jobs set series_id = ${seriesId}, occurrence_date = ${date}::date where id = ${jobId}`,
  );
}

export async function findSeries(
  database: Database,
  id: string,
  executor?: Executor,
): Promise<SeriesRow | null> {
  return firstRow(
    database,
    normaliseSeries,
    sql`select ${seriesColumns} from jobs.job_series s where s.id = ${id}`,
    executor,
  );
}

/** The series row, locked until the transaction ends: every change of a series or its dates starts here. */
export async function lockSeries(database: Database, tx: Executor, id: string): Promise<SeriesRow | null> {
  return firstRow(
    database,
    normaliseSeries,
    sql`select ${seriesColumns} from jobs.job_series s where s.id = ${id} for update`,
    tx,
  );
}

/** The restaurant's series, newest first (at most `limit`). */
export async function seriesOf(database: Database, restaurantId: string, limit = 100): Promise<SeriesRow[]> {
  const rows = await database.rows(
    sql`select ${seriesColumns} from jobs.job_series s where s.restaurant_id = ${restaurantId}
        order by s.created_at desc, s.id desc limit ${limit}`,
  );
  return rows.map(normaliseSeries);
}

/** The occurrences of these series, by date. */
export async function occurrencesOf(
  database: Database,
  seriesIds: string[],
  executor?: Executor,
): Promise<OccurrenceRow[]> {
  if (seriesIds.length === 0) return [];
  const rows = await database.rows(
    sql`select ${occurrenceColumns}, j.total_cents as job_total_cents from jobs.series_occurrences o
        left join jobs.jobs j on j.id = o.job_id
        where o.series_id in (${sql.join(
          seriesIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by o.date`,
    executor,
  );
  return rows.map(normaliseOccurrence);
}

export async function setOccurrence(
  tx: Executor,
  o: Pick<OccurrenceRow, 'series_id' | 'date'>,
  patch: { status: OccurrenceStatus; job_id?: string },
): Promise<void> {
  await tx.execute(
    sql`update jobs.series_occurrences set status = ${patch.status}
          ${patch.job_id ? sql`, job_id = ${patch.job_id}` : sql``}
        where series_id = ${o.series_id} and date = ${o.date}::date`,
  );
}

/**
 * The rules loop's claim: the next scheduled occurrence of an active series whose charge_at has come, locked
 * for this transaction and skipped by any other instance (FOR UPDATE re-checks its status on the newest row).
 */
export async function claimDueOccurrence(
  database: Database,
  tx: Executor,
  now: Date,
): Promise<OccurrenceRow | null> {
  return firstRow(
    database,
    normaliseOccurrence,
    sql`select ${occurrenceColumns} from jobs.series_occurrences o
        join jobs.job_series s on s.id = o.series_id
        where o.status = 'scheduled' and s.status = 'active' and o.charge_at <= ${now.toISOString()}::timestamptz
        order by o.charge_at, o.series_id, o.date
        limit 1
        for update of o skip locked`,
    tx,
  );
}

/** The occurrence a job was posted for, locked; null for a job of no series. */
export async function lockOccurrenceOfJob(
  database: Database,
  tx: Executor,
  jobId: string,
): Promise<OccurrenceRow | null> {
  return firstRow(
    database,
    normaliseOccurrence,
    sql`select ${occurrenceColumns} from jobs.series_occurrences o where o.job_id = ${jobId} for update`,
    tx,
  );
}

/** The series' new shape, weekdays and last date (its occurrences are moved by the caller). */
export async function updateSeries(
  tx: Executor,
  id: string,
  s: SeriesShape & { weekdays: jobEditsHttp.Weekday[]; until_date: string },
): Promise<void> {
  await tx.execute(
    sql`update jobs.job_series set title = ${s.title}, start_time = ${s.start_time}, end_time = ${s.end_time},
          hourly_rate_cents = ${s.hourly_rate_cents}, headcount = ${s.headcount},
          break_minutes = ${s.break_minutes}, description = ${s.description},
          required_skills = ${JSON.stringify(s.required_skills)}::jsonb,
          required_credentials = ${JSON.stringify(s.required_credentials)}::jsonb,
          weekdays = ${JSON.stringify(s.weekdays)}::jsonb, until_date = ${s.until_date}::date, updated_at = now()
        where id = ${id}`,
  );
}

/** Move a scheduled occurrence to its new times (a posted one is a job: it is edited as one). */
export async function moveOccurrence(tx: Executor, seriesId: string, o: NewOccurrence): Promise<void> {
  await tx.execute(
    sql`update jobs.series_occurrences set start_time = ${o.start_time.toISOString()}::timestamptz,
          end_time = ${o.end_time.toISOString()}::timestamptz, charge_at = ${o.charge_at.toISOString()}::timestamptz
        where series_id = ${seriesId} and date = ${o.date}::date and status = 'scheduled'`,
  );
}

/** Drop a scheduled occurrence the series no longer falls on. */
export async function dropOccurrence(tx: Executor, seriesId: string, date: string): Promise<void> {
  await tx.execute(
    sql`delete from jobs.series_occurrences
        where series_id = ${seriesId} and date = ${date}::date and status = 'scheduled'`,
  );
}

/** Stop a series: its scheduled occurrences are skipped (posted ones stay jobs). */
export async function stopSeries(tx: Executor, id: string): Promise<void> {
  await tx.execute(sql`update jobs.job_series set status = 'stopped', updated_at = now() where id = ${id}`);
  await tx.execute(
    sql`update jobs.series_occurrences set status = 'skipped' where series_id = ${id} and status = 'scheduled'`,
  );
}

/**
 * The chefs booked on (or who worked) the previous posted occurrence of a job's series: the latest earlier date
 * with a job. Empty for a job of no series, the first occurrence, or one nobody booked.
 */
export const chefsOfPreviousOccurrence = (database: Database, tx: Executor, jobId: string) =>
  valuesOf<string>(
    database,
    'chef_id',
    sql`with this as (select series_id, occurrence_date from jobs.jobs where id = ${jobId}),
          previous as (
            select o.job_id from jobs.series_occurrences o, this
            where o.series_id = this.series_id and o.date < this.occurrence_date and o.job_id is not null
            order by o.date desc limit 1)
        select distinct s.chef_id from jobs.seats s join previous p on p.job_id = s.job_id
        where s.chef_id is not null and s.status in ('filled', 'completed', 'disputed')
        order by s.chef_id`,
    tx,
  );

/** Whether any offer (whatever its end) was made for the job: the series' chefs are offered it once. */
export async function hasAnyOffer(database: Database, tx: Executor, jobId: string): Promise<boolean> {
  const rows = await database.rows(sql`select 1 from jobs.offers where job_id = ${jobId} limit 1`, tx);
  return rows.length > 0;
}
