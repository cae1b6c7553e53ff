import { sql, type Database, type Executor } from '@brigade/kit';
import type { AppealStatus, KeptTranslation, MarkFactKind, MarkReason } from '@brigade/contracts';
import { dateOrNull, firstRow, normalised, toDate, toJson, type DriverRow } from './rows';

// Issue 39: the marks on a record (the reliability facts that count against a side: late cancellations,
// no-shows, disputes lost) and their appeals, one per mark.

const MARK_FACT_KINDS = sql`('late_cancellations', 'no_shows', 'disputes_lost')`;

/** A mark as jobs keeps it: a jobs.reliability_records row of a kind that counts against its side. */
export interface MarkRow {
  id: string;
  user_id: string;
  user_type: 'chef' | 'restaurant';
  kind: MarkFactKind;
  job_id: string;
  seat_no: number;
  occurred_at: Date;
  removed_at: Date | null;
}

/** A jobs.appeals row. */
export interface AppealRow {
  id: string;
  mark_id: string;
  user_id: string;
  user_type: 'chef' | 'restaurant';
  job_id: string;
  statement: string;
  statement_language: 'en' | 'es';
  statement_translation: KeptTranslation | null;
  status: AppealStatus;
  created_at: Date;
  decided_at: Date | null;
  operator_id: string | null;
  note: string | null;
  note_translation: KeptTranslation | null;
}

/** A mark with why it is there, its shift and its appeal: what `GET /reliability/me` and the queue read. */
export interface MarkView extends MarkRow {
  reason: MarkReason;
  job: { title: string; start_time: Date; end_time: Date } | null;
  appeal: AppealRow | null;
}

const normaliseMark = (row: DriverRow): MarkRow =>
  normalised<MarkRow>(row, {
    seat_no: Number(row.seat_no ?? 1),
    occurred_at: toDate(row.occurred_at),
    removed_at: dateOrNull(row.removed_at),
  });

const normaliseAppeal = (row: DriverRow): AppealRow =>
  normalised<AppealRow>(row, {
    statement_translation: toJson<KeptTranslation | null>(row.statement_translation, null),
    note_translation: toJson<KeptTranslation | null>(row.note_translation, null),
    created_at: toDate(row.created_at),
    decided_at: dateOrNull(row.decided_at),
  });

/**
 * Why a mark `r` is on its record, read from the shift it is about (contracts' MARK_REASONS): an operator's
 * decision first, then a timesheet's no-show, a restaurant's chef sent home, a chef's missed reconfirmation;
 * otherwise the checkout's "did not work" (a no-show) or a late cancellation.
 */
const REASON = sql`case
    when r.kind = 'disputes_lost' then 'review_decided'
    when r.kind = 'no_shows' and exists (select 1 from jobs.disputes d
      where d.job_id = r.job_id and d.seat_no = r.seat_no and d.resolved_at is not null) then 'review_decided'
    when r.kind = 'no_shows' and exists (select 1 from jobs.timesheets t
      where t.job_id = r.job_id and t.chef_id = r.user_id and t.no_show_at is not null) then 'no_show_marked'
    when r.kind = 'no_shows' then 'checkout_not_worked'
    when r.user_type = 'restaurant' and j.cancelled_late is not true and exists (select 1 from jobs.timesheets t
      where t.job_id = r.job_id and t.status = 'sent_home') then 'sent_home'
    when r.user_type = 'chef' and exists (select 1 from jobs.applications a
      where a.job_id = r.job_id and a.chef_id = r.user_id and a.status = 'cancelled'
        and a.reconfirm_asked_at is not null and a.reconfirmed_at is null
        and a.reconfirm_by is not null and a.updated_at >= a.reconfirm_by) then 'missed_reconfirmation'
    else 'cancelled_late'
  end`;

const VIEW_COLUMNS = sql`r.id, r.user_id, r.user_type, r.kind, r.job_id, r.seat_no, r.occurred_at, r.removed_at,
  ${REASON} as reason, j.title as job_title, j.start_time as job_start, j.end_time as job_end,
  to_jsonb(ap) as appeal`;

function normaliseView(row: DriverRow): MarkView {
  const appeal = toJson<DriverRow | null>(row.appeal, null);
  return {
    ...normaliseMark(row),
    reason: row.reason as MarkReason,
    job:
      row.job_title == null
        ? null
        : {
            title: String(row.job_title),
            start_time: toDate(row.job_start),
            end_time: toDate(row.job_end),
          },
    appeal: appeal ? normaliseAppeal(appeal) : null,
  };
}

/** One side's marks, newest first, with their reasons, shifts and appeals. */
export async function marksOf(database: Database, userId: string, executor?: Executor): Promise<MarkView[]> {
  const rows = await database.rows(
    sql`select ${VIEW_COLUMNS}
        from jobs.reliability_records r
        left join jobs.jobs j on j.id = r.job_id
        left join jobs.appeals ap on ap.mark_id = r.id
        where r.user_id = ${userId} and r.kind in ${MARK_FACT_KINDS}
        order by r.occurred_at desc, r.id`,
    executor,
  );
  return rows.map(normaliseView);
}

/** One mark with its view (reason, shift, appeal), or null. */
export async function markView(
  database: Database,
  id: string,
  executor?: Executor,
): Promise<MarkView | null> {
  return firstRow(
    database,
    normaliseView,
    sql`select ${VIEW_COLUMNS}
        from jobs.reliability_records r
        left join jobs.jobs j on j.id = r.job_id
        left join jobs.appeals ap on ap.mark_id = r.id
        where r.id = ${id} and r.kind in ${MARK_FACT_KINDS}`,
    executor,
  );
}

/** Lock a mark (a fact of a kind that counts against its side) for its appeal or decision; null when none. */
export async function lockMark(database: Database, tx: Executor, id: string): Promise<MarkRow | null> {
  return firstRow(
    database,
    normaliseMark,
    sql`select id, user_id, user_type, kind, job_id, seat_no, occurred_at, removed_at
        from jobs.reliability_records where id = ${id} and kind in ${MARK_FACT_KINDS} for update`,
    tx,
  );
}

/** Whether the mark has an appeal (one per mark). */
export async function hasAppeal(database: Database, tx: Executor, markId: string): Promise<boolean> {
  const rows = await database.rows(sql`select 1 from jobs.appeals where mark_id = ${markId}`, tx);
  return rows.length > 0;
}

/** File an appeal: false when the mark already has one (the unique mark_id has the last word). */
export async function insertAppeal(
  database: Database,
  tx: Executor,
  a: {
    id: string;
    mark: MarkRow;
    statement: string;
    language: 'en' | 'es';
    translation: KeptTranslation | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into jobs.appeals (id, mark_id, user_id, user_type, job_id, statement, statement_language,
          statement_translation, status, created_at)
        values (${a.id}, ${a.mark.id}, ${a.mark.user_id}, ${a.mark.user_type}, ${a.mark.job_id}, ${a.statement},
          ${a.language}, ${a.translation === null ? null : JSON.stringify(a.translation)}::jsonb, 'pending',
          ${a.at.toISOString()}::timestamptz)
        on conflict (mark_id) do nothing returning id`,
    tx,
  );
  return rows.length > 0;
}

/** Lock an appeal for its decision; null when none. */
export async function lockAppeal(database: Database, tx: Executor, id: string): Promise<AppealRow | null> {
  return firstRow(database, normaliseAppeal, sql`select * from jobs.appeals where id = ${id} for update`, tx);
}

/** Record the operator's decision on a pending appeal (false when it was decided already). */
export async function decideAppealRow(
  database: Database,
  tx: Executor,
  id: string,
  d: {
    status: 'kept' | 'removed';
    operator_id: string;
    note: string;
    note_translation: KeptTranslation | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await database.rows(
    sql`update jobs.appeals
        set status = ${d.status}, decided_at = ${d.at.toISOString()}::timestamptz, operator_id = ${d.operator_id},
          note = ${d.note},
          note_translation = ${d.note_translation === null ? null : JSON.stringify(d.note_translation)}::jsonb
        where id = ${id} and status = 'pending' returning id`,
    tx,
  );
  return rows.length > 0;
}

/** Take a mark off the record (it stays, marked removed: it counts nowhere, and is never recorded again). */
export async function removeMark(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update jobs.reliability_records set removed_at = ${at.toISOString()}::timestamptz
        where id = ${id} and removed_at is null`,
  );
}

/** An appeal in the operators' queue: the appeal, its mark's view and the appellant's name. */
export interface QueuedAppeal {
  appeal: AppealRow;
  mark: MarkView;
  name: string | null;
}

/** The queue: every pending appeal, oldest first, then the `decided` latest decided ones, newest first. */
export async function queuedAppeals(
  database: Database,
  decided: number,
  only?: string,
  executor?: Executor,
): Promise<QueuedAppeal[]> {
  const rows = await database.rows(
    sql`with picked as (
          (select id, 0 as rank, created_at as at from jobs.appeals
            where status = 'pending' ${only ? sql`and id = ${only}` : sql``})
          union all
          (select id, 1 as rank, decided_at as at from jobs.appeals
            where status <> 'pending' ${only ? sql`and id = ${only}` : sql``}
            order by decided_at desc limit ${decided})
        )
        select ${VIEW_COLUMNS}, to_jsonb(ap) as queued,
          coalesce(cp.name, rp.name) as appellant_name, picked.rank, picked.at as picked_at
        from picked
        join jobs.appeals ap on ap.id = picked.id
        join jobs.reliability_records r on r.id = ap.mark_id
        left join jobs.jobs j on j.id = r.job_id
        left join jobs.chef_profiles cp on ap.user_type = 'chef' and cp.user_id = ap.user_id
        left join jobs.restaurant_profiles rp on ap.user_type = 'restaurant' and rp.user_id = ap.user_id
        order by picked.rank, case when picked.rank = 0 then picked.at end asc,
          case when picked.rank = 1 then picked.at end desc, ap.id`,
    executor,
  );
  return rows.map((row) => ({
    appeal: normaliseAppeal(toJson<DriverRow>(row.queued, {})),
    mark: normaliseView(row),
    name: (row.appellant_name ?? null) as string | null,
  }));
}

/** One event jobs published about the mark's shift, as its outbox keeps it. */
export interface PublishedEvent {
  type: string;
  at: string;
  data: Record<string, unknown>;
}

/**
 * The events jobs published about a mark's shift up to the mark itself (its `jobs.reliability.recorded.v1`), oldest
 * first, at most `limit`: what led to the mark. Other chefs' events on a posting of several are left out of a
 * chef's mark, and so are texts to translate. A mark whose event is no longer kept (OUTBOX_RETENTION_DAYS) reads
 * the shift's events that are.
 */
export async function eventsBeforeMark(
  database: Database,
  mark: MarkRow,
  limit: number,
  executor?: Executor,
): Promise<PublishedEvent[]> {
  const chefOnly =
    mark.user_type === 'chef'
      ? sql`and (o.payload->>'chef_id' is null or o.payload->>'chef_id' = ${mark.user_id})
            and (o.payload->>'user_id' is null or o.payload->>'user_id' = ${mark.user_id})`
      : sql``;
  const rows = await database.rows<{ type: string; payload: unknown; occurred_at: Date | string }>(
    sql`with upto as (
          select max(seq) as seq from jobs.outbox
          where payload->>'job_id' = ${mark.job_id} and type = 'jobs.reliability.recorded.v1'
            and payload->>'user_id' = ${mark.user_id} and payload->>'kind' = ${mark.kind}
        )
        select o.type, o.payload, o.occurred_at from jobs.outbox o, upto
        where o.payload->>'job_id' = ${mark.job_id} and (upto.seq is null or o.seq <= upto.seq)
          and o.type not in ('jobs.text.written.v1', 'jobs.mark.removed.v1', 'jobs.appeal.decided.v1')
          ${chefOnly}
        order by o.seq
        limit ${limit}`,
    executor,
  );
  return rows.map((r) => ({
    type: r.type,
    at: new Date(r.occurred_at).toISOString(),
    data: toJson<Record<string, unknown>>(r.payload, {}),
  }));
}
