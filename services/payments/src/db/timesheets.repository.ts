import type { TimesheetPay } from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { SettlementSource } from '../domain/timesheet-money';
import { countedEntry } from './ledger.repository';

// What payments heard of a seat's timesheet, and the money of a settled one (migration 0011).

const s = (database: Database) => sql.raw(database.schema);
type Time = Date | string | null;

/** Record (or move on) the seat's timesheet as jobs reported it; a later status replaces an earlier one. */
export async function upsertTimesheet(
  database: Database,
  tx: Executor,
  t: {
    application_id: string;
    job_id: string;
    /** the seat the timesheet is for (issue 35): 1 when the event named none */
    seat_no?: number;
    chef_id: string;
    restaurant_id: string;
    status: string;
    no_show_contest_until?: string | null;
    no_show_contested?: boolean;
  },
) {
  await tx.execute(
    sql`insert into ${s(database)}.timesheets (application_id, job_id, seat_no, chef_id, restaurant_id, status, no_show_contest_until, no_show_contested)
        values (${t.application_id}, ${t.job_id}, ${t.seat_no ?? 1}, ${t.chef_id}, ${t.restaurant_id}, ${t.status},
                ${t.no_show_contest_until ?? null}, ${t.no_show_contested ?? false})
        on conflict (application_id) do update set
          status = case when ${s(database)}.timesheets.status = 'settled' then 'settled' else excluded.status end,
          no_show_contest_until = coalesce(excluded.no_show_contest_until, ${s(database)}.timesheets.no_show_contest_until),
          no_show_contested = ${s(database)}.timesheets.no_show_contested or excluded.no_show_contested,
          updated_at = now()`,
  );
}

/** Whether payments heard of clock events (or a no-show) for the seat: its checkout no longer moves the money. */
export async function hasTimesheet(
  database: Database,
  jobId: string,
  seatNo: number,
  tx?: Executor,
): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from ${s(database)}.timesheets where job_id = ${jobId} and seat_no = ${seatNo}`,
    tx,
  );
  return rows.length > 0;
}

/** A settled seat's row: the seat, its hours, its `pay` block as the API answers it, and what moved when. */
export interface SettlementRow extends TimesheetPay {
  application_id: string;
  job_id: string;
  /** the seat settled (issue 35): one settlement per (job, seat) */
  seat_no: number;
  restaurant_id: string;
  chef_id: string;
  source: SettlementSource;
  event_id: string | null;
  clock_in_at: Time;
  clock_out_at: Time;
  break_minutes: number;
  worked_minutes: number;
  under_minimum_kind: 'extra' | 'refund' | null;
  under_minimum_cents: number | null;
  now_chef_cents: number;
  now_fee_cents: number;
  now_refund_cents: number;
  extra_chef_cents: number;
  extra_fee_cents: number;
  extra_status: 'none' | 'pending' | 'collected' | 'failed';
  extra_payment_intent_id: string | null;
  extra_failure_code: string | null;
  extra_decline_code: string | null;
  extra_requires_authentication: boolean;
  extra_failed_at: Time;
  extra_due_at: Time;
  extra_collected_at: Time;
  extra_paid_in_app: boolean;
  settled_at: Time;
}

const INTS = [
  'break_minutes',
  'worked_minutes',
  'chef_pay_cents',
  'fee_cents',
  'total_cents',
  'charged_cents',
  'extra_charge_cents',
  'refund_cents',
  'now_chef_cents',
  'now_fee_cents',
  'now_refund_cents',
  'extra_chef_cents',
  'extra_fee_cents',
] as const;

export function normalizeSettlement(row: SettlementRow): SettlementRow {
  const out = { ...row, seat_no: Number(row.seat_no ?? 1) };
  for (const k of INTS) out[k] = Number(row[k]);
  if (row.under_minimum_cents !== null) out.under_minimum_cents = Number(row.under_minimum_cents);
  return out;
}

/** Record a timesheet's money once per seat: false when it is already recorded (a redelivery). */
export async function insertSettlement(
  database: Database,
  tx: Executor,
  r: Omit<
    SettlementRow,
    | 'extra_payment_intent_id'
    | 'extra_failure_code'
    | 'extra_decline_code'
    | 'extra_requires_authentication'
    | 'extra_failed_at'
    | 'extra_due_at'
    | 'extra_collected_at'
    | 'extra_paid_in_app'
    | 'settled_at'
  >,
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${s(database)}.timesheet_settlements
          (application_id, job_id, seat_no, restaurant_id, chef_id, source, event_id, clock_in_at, clock_out_at, break_minutes,
           worked_minutes, chef_pay_cents, fee_cents, total_cents, charged_cents, extra_charge_cents, refund_cents,
           under_minimum_kind, under_minimum_cents, now_chef_cents, now_fee_cents, now_refund_cents,
           extra_chef_cents, extra_fee_cents, extra_status)
        values (${r.application_id}, ${r.job_id}, ${r.seat_no}, ${r.restaurant_id}, ${r.chef_id}, ${r.source}, ${r.event_id},
                ${r.clock_in_at}, ${r.clock_out_at}, ${r.break_minutes}, ${r.worked_minutes}, ${r.chef_pay_cents},
                ${r.fee_cents}, ${r.total_cents}, ${r.charged_cents}, ${r.extra_charge_cents}, ${r.refund_cents},
                ${r.under_minimum_kind}, ${r.under_minimum_cents}, ${r.now_chef_cents}, ${r.now_fee_cents},
                ${r.now_refund_cents}, ${r.extra_chef_cents}, ${r.extra_fee_cents}, ${r.extra_status})
        on conflict do nothing returning application_id`,
    tx,
  );
  return rows.length > 0;
}

export async function findSettlement(
  database: Database,
  by: { application_id: string } | { job_id: string; seat_no: number },
  tx?: Executor,
  lock = false,
): Promise<SettlementRow | null> {
  const where =
    'application_id' in by
      ? sql`application_id = ${by.application_id}`
      : sql`job_id = ${by.job_id} and seat_no = ${by.seat_no}`;
  const [row] = await database.rows<SettlementRow>(
    sql`select * from ${s(database)}.timesheet_settlements where ${where}${lock ? sql` for update` : sql``}`,
    tx,
  );
  return row ? normalizeSettlement(row) : null;
}

/** The extra was collected (off-session, or paid in the app): once. */
export async function markExtraCollected(
  database: Database,
  tx: Executor,
  applicationId: string,
  paymentIntentId: string,
  paidInApp: boolean,
) {
  await tx.execute(
    sql`update ${s(database)}.timesheet_settlements set extra_status = 'collected', extra_payment_intent_id = ${paymentIntentId},
          extra_collected_at = now(), extra_paid_in_app = ${paidInApp}
        where application_id = ${applicationId}`,
  );
}

/** The off-session charge was declined or needs authentication: a balance the restaurant owes from now. */
export async function markExtraFailed(
  database: Database,
  tx: Executor,
  applicationId: string,
  f: {
    payment_intent_id: string | null;
    code: string | null;
    decline_code: string | null;
    requires_authentication: boolean;
    due_at: Date;
  },
) {
  await tx.execute(
    sql`update ${s(database)}.timesheet_settlements set extra_status = 'failed',
          extra_payment_intent_id = coalesce(${f.payment_intent_id}, extra_payment_intent_id),
          extra_failure_code = ${f.code}, extra_decline_code = ${f.decline_code},
          extra_requires_authentication = ${f.requires_authentication},
          extra_failed_at = now(), extra_due_at = ${f.due_at.toISOString()}
        where application_id = ${applicationId} and extra_status = 'pending'`,
  );
}

/** The extra's PaymentIntent once known (a balance paid in the app confirms it). */
export async function saveExtraIntent(database: Database, applicationId: string, paymentIntentId: string) {
  await database.db.execute(
    sql`update ${s(database)}.timesheet_settlements set extra_payment_intent_id = ${paymentIntentId}
        where application_id = ${applicationId} and extra_payment_intent_id is null`,
  );
}

/** A restaurant's balances: extra charges that failed and are not paid yet, oldest first. */
export async function balancesOf(database: Database, restaurantId: string) {
  const rows = await database.rows<SettlementRow & { title: string }>(
    sql`select x.*, j.title from ${s(database)}.timesheet_settlements x join ${s(database)}.job_payments j on j.job_id = x.job_id
        where x.restaurant_id = ${restaurantId} and x.extra_status = 'failed' order by x.extra_failed_at`,
  );
  return rows.map((r) => ({ ...normalizeSettlement(r), title: r.title }));
}

/** Every balance owed past its due moment (BALANCE_DUE_AFTER after the charge failed). */
export async function owedBalances(database: Database, now: Date) {
  const rows = await database.rows<SettlementRow & { title: string }>(
    sql`select x.*, j.title from ${s(database)}.timesheet_settlements x join ${s(database)}.job_payments j on j.job_id = x.job_id
        where x.extra_status = 'failed' and x.extra_due_at <= ${now.toISOString()} order by x.extra_due_at`,
  );
  return rows.map((r) => ({ ...normalizeSettlement(r), title: r.title }));
}

/** Every settlement with its job's ledger by part and whether its movements are done (ledger:check). */
export async function settlementsWithLedger(database: Database) {
  const rows = await database.rows<
    SettlementRow & {
      subtotal_cents: number;
      job_fee_cents: number;
      open_escrow: number;
      open_extra: number;
      extra_tasks: number;
      l: Record<string, string> | null;
    }
  >(sql`
    select x.*, j.subtotal_cents, j.fee_cents as job_fee_cents,
      (select count(*) from ${s(database)}.money_tasks t where t.job_id = x.job_id and t.part = 'escrow' and t.status <> 'done')::int as open_escrow,
      (select count(*) from ${s(database)}.money_tasks t where t.job_id = x.job_id and t.part = 'extra' and t.kind = 'transfer' and t.status <> 'done')::int as open_extra,
      (select count(*) from ${s(database)}.money_tasks t where t.job_id = x.job_id and t.part = 'extra' and t.kind = 'transfer')::int as extra_tasks,
      (select json_object_agg(e.part || ':' || e.kind, e.total) from
        (select part, kind, sum(amount_cents)::bigint as total from (
          -- issue 35: an edit's movements are the posting's escrow (its refund at seat 0 nets the charge)
          select case when e.part like 'edit:%' then 'escrow' else e.part end as part,
                 case when e.seat_no = 0 and e.kind = 'refund' then 'charge' else e.kind end as kind,
                 case when e.seat_no = 0 and e.kind = 'refund' then -e.amount_cents else e.amount_cents end as amount_cents
          from ${s(database)}.ledger_entries e where e.job_id = x.job_id and ${countedEntry(sql.raw(database.schema))}
        ) le group by part, kind) e) as l
    from ${s(database)}.timesheet_settlements x join ${s(database)}.job_payments j on j.job_id = x.job_id`);
  return rows.map((r) => {
    const l = (typeof r.l === 'string' ? JSON.parse(r.l) : r.l) ?? {};
    const part = (p: string) => ({
      charged: Number(l[`${p}:charge`] ?? 0),
      transferred: Number(l[`${p}:transfer`] ?? 0),
      fee: Number(l[`${p}:fee`] ?? 0),
      refunded: Number(l[`${p}:refund`] ?? 0),
    });
    return {
      settlement: normalizeSettlement(r),
      subtotal_cents: Number(r.subtotal_cents),
      job_fee_cents: Number(r.job_fee_cents),
      escrow_open: Number(r.open_escrow) > 0,
      extra_open: Number(r.open_extra) > 0,
      extra_task: Number(r.extra_tasks) > 0,
      ledger: { escrow: part('escrow'), extra: part('extra') },
    };
  });
}
