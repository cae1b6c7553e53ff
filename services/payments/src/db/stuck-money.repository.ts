import { sql, type Database } from '@brigade/kit';
import { HELD_PAYMENT_STATUSES } from '@brigade/contracts';
import type { ExtraMoney, HeldJob, OpenTask, OwedBalance } from '../domain/stuck-money';

type Time = Date | string | null;

/**
 * Every job whose money is held, with the moments its rules date from and its movements not yet recorded; a
 * posting of several seats (issue 35) as each seat still held: its share, its decision, its timesheet, its tasks
 * (a seat held past its rule's deadline is stuck money).
 */
export async function heldJobs(database: Database): Promise<HeldJob[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    job_id: string;
    seat_no: number;
    headcount: number;
    status: HeldJob['status'];
    total_cents: number;
    end_time: Time;
    held_at: Time;
    cancelled_at: Time;
    expired_at: Time;
    disputed_at: Time;
    decision_kind: string | null;
    decided_at: Time;
    refused_at: Time;
    sheet_status: string | null;
    contest_until: Time;
    contested: boolean | null;
  }>(
    sql`select j.job_id, seat.seat_no, j.headcount,
          case when j.headcount = 1 then j.status else sp.status end as status,
          j.total_cents / j.headcount as total_cents, j.end_time, j.held_at, j.cancelled_at, j.expired_at,
          case when j.headcount = 1 then j.disputed_at else sp.disputed_at end as disputed_at,
          d.kind as decision_kind, d.decided_at,
          (select min(a.created_at) from ${s}.anomalies a
            where a.job_id = j.job_id and a.reason = 'decision_mismatch') as refused_at,
          ts.status as sheet_status, ts.no_show_contest_until as contest_until, ts.no_show_contested as contested
        from ${s}.job_payments j
          cross join lateral generate_series(1, j.headcount) as seat(seat_no)
          left join ${s}.seat_payments sp on sp.job_id = j.job_id and sp.seat_no = seat.seat_no
          left join ${s}.decisions d on d.job_id = j.job_id and d.seat_no = seat.seat_no
          left join ${s}.timesheets ts on ts.job_id = j.job_id and ts.seat_no = seat.seat_no
        where j.status in ${[...HELD_PAYMENT_STATUSES]}
          and (j.headcount = 1 or sp.status in ${[...HELD_PAYMENT_STATUSES]})
        order by j.job_id, seat.seat_no`,
  );
  const tasks = await database.rows<OpenTask & { job_id: string; seat_no: number }>(
    sql`select t.job_id, t.seat_no, t.kind, t.status, t.attempts, t.last_error_kind
        from ${s}.money_tasks t join ${s}.job_payments j on j.job_id = t.job_id
        where t.status <> 'done' and t.part = 'escrow' and j.status in ${[...HELD_PAYMENT_STATUSES]}
        order by t.id`,
  );
  const date = (t: Time) => (t === null ? null : new Date(t));
  return rows.map((r) => ({
    job_id: r.job_id,
    seat_no: Number(r.headcount) > 1 ? Number(r.seat_no) : null,
    status: r.status,
    total_cents: Number(r.total_cents),
    end_time: date(r.end_time),
    held_at: date(r.held_at),
    cancelled_at: date(r.cancelled_at),
    expired_at: date(r.expired_at),
    disputed_at: date(r.disputed_at),
    decision: r.decision_kind,
    decided_at: date(r.decided_at),
    refused_at: date(r.refused_at),
    timesheet: r.sheet_status
      ? { status: r.sheet_status, contest_until: date(r.contest_until), contested: Boolean(r.contested) }
      : null,
    open_tasks: tasks
      .filter(
        (t) =>
          t.job_id === r.job_id && (Number(r.headcount) === 1 || Number(t.seat_no) === Number(r.seat_no)),
      )
      .map((t) => ({
        kind: t.kind,
        status: t.status,
        attempts: Number(t.attempts),
        last_error_kind: t.last_error_kind,
      })),
  }));
}

/** Settled timesheets whose extra has not moved yet: the charge not made, or the chef's extra not transferred. */
export async function unmovedExtras(database: Database): Promise<ExtraMoney[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    job_id: string;
    application_id: string;
    extra_status: 'pending' | 'collected';
    amount_cents: number;
    since: Time;
  }>(sql`
    select x.job_id, x.application_id, x.extra_status,
      case when x.extra_status = 'pending' then x.extra_charge_cents else x.extra_chef_cents end as amount_cents,
      case when x.extra_status = 'pending' then x.settled_at else x.extra_collected_at end as since
    from ${s}.timesheet_settlements x
    where x.extra_status = 'pending'
       or (x.extra_status = 'collected' and exists (select 1 from ${s}.money_tasks t
             where t.job_id = x.job_id and t.part = 'extra' and t.kind = 'transfer' and t.status <> 'done'))`);
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), since: new Date(r.since!) }));
}

/** Balances unpaid past their due moment (BALANCE_DUE_AFTER after the charge failed). */
export async function owedPastDue(database: Database, now: Date): Promise<OwedBalance[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    job_id: string;
    application_id: string;
    restaurant_id: string;
    amount_cents: number;
    due_at: Time;
  }>(sql`
    select job_id, application_id, restaurant_id, extra_charge_cents as amount_cents, extra_due_at as due_at
    from ${s}.timesheet_settlements where extra_status = 'failed' and extra_due_at <= ${now.toISOString()}
    order by extra_due_at`);
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), due_at: new Date(r.due_at!) }));
}
