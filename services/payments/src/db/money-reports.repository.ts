import type { SQL } from 'drizzle-orm';
import { sql, type Database } from '@brigade/kit';
import type { ShiftMoneyFacts } from '../domain/money-reports';

/** The row as selected: the facts' own columns, then the ledger, decision, card and timesheet columns. */
interface Row extends Pick<
  ShiftMoneyFacts,
  | 'job_id'
  | 'seat_no'
  | 'headcount'
  | 'restaurant_id'
  | 'title'
  | 'subtotal_cents'
  | 'fee_cents'
  | 'status'
  | 'chef_id'
  | 'accepted_chef_id'
  | 'restaurant_name'
  | 'chef_name'
> {
  start_time: Date | string | null;
  end_time: Date | string | null;
  charged: string | null;
  charge_id: string | null;
  fees: string | null;
  transferred: string | null;
  transferred_at: Date | string | null;
  refunded: string | null;
  tip_charged: string | null;
  tip_transferred: string | null;
  decision_kind: 'release' | 'refund' | 'split' | null;
  decision_reason: string | null;
  decision_chef_id: string | null;
  decision_chef_pay: number | null;
  decision_fee: number | null;
  decision_refund: number | null;
  card_brand: string | null;
  card_last4: string | null;
  ts_source: 'approved' | 'resolved' | 'sent_home' | 'no_show' | null;
  ts_worked: number | null;
  ts_chef_pay: number | null;
  ts_extra: number | null;
  ts_extra_status: 'none' | 'pending' | 'collected' | 'failed' | null;
  ts_extra_chef: number | null;
  ts_refund: number | null;
  ts_under_kind: 'extra' | 'refund' | null;
  ts_under_cents: number | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const cents = (v: string | number | null): number => (v === null ? 0 : Number(v));

/**
 * Every charged seat in `scope` (issue 35: a posting of one seat is one row, its job as before seats; a posting of
 * several is a row per seat: the seat's share, status, chef and decision, its share of the posting's charge and
 * its own movements), with what the ledger moved (sums by kind, the charge's id, when the transfer was recorded),
 * the seat's one decision, the chef the restaurant accepted last (one seat), and the names payments heard. Read
 * only: the ledger, the decisions and payments' job, seat and application records are the whole truth.
 */
async function shiftMoneyFacts(database: Database, scope: SQL): Promise<ShiftMoneyFacts[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<Row>(sql`
    select j.job_id, seat.seat_no, j.headcount, j.restaurant_id, j.title,
      j.subtotal_cents / j.headcount as subtotal_cents, j.fee_cents / j.headcount as fee_cents,
      case when j.headcount = 1 then j.status else coalesce(sp.status, 'pending') end as status,
      case when j.headcount = 1 then j.chef_id else sp.chef_id end as chef_id,
      j.start_time, j.end_time, j.card_brand, j.card_last4,
      l.charged, l.charge_id, l.fees, l.transferred, l.transferred_at, l.refunded,
      tp.tip_charged, tp.tip_transferred,
      d.kind as decision_kind, d.reason as decision_reason, d.chef_id as decision_chef_id,
      d.chef_pay_cents as decision_chef_pay, d.fee_cents as decision_fee, d.refund_cents as decision_refund,
      case when j.headcount = 1 then acc.chef_id end as accepted_chef_id,
      rn.name as restaurant_name, cn.name as chef_name,
      x.source as ts_source, x.worked_minutes as ts_worked, x.chef_pay_cents as ts_chef_pay,
      x.extra_charge_cents as ts_extra, x.extra_status as ts_extra_status, x.extra_chef_cents as ts_extra_chef,
      x.now_refund_cents as ts_refund, x.under_minimum_kind as ts_under_kind, x.under_minimum_cents as ts_under_cents
    from ${s}.job_payments j
    cross join lateral generate_series(1, j.headcount) as seat(seat_no)
    left join ${s}.seat_payments sp on sp.job_id = j.job_id and sp.seat_no = seat.seat_no
    cross join lateral (
      select sum(case when e.seat_no = 0 then e.amount_cents / j.headcount else e.amount_cents end)
               filter (where e.kind = 'charge') as charged,
        max(e.provider_id) filter (where e.kind = 'charge' and e.part = 'escrow') as charge_id,
        sum(e.amount_cents) filter (where e.kind = 'fee') as fees,
        sum(e.amount_cents) filter (where e.kind = 'transfer') as transferred,
        max(e.created_at) filter (where e.kind = 'transfer') as transferred_at,
        sum(e.amount_cents) filter (where e.kind = 'refund') as refunded
      from ${s}.ledger_entries e
      where e.job_id = j.job_id and (j.headcount = 1 or e.seat_no in (0, seat.seat_no))
        -- issue 38: a tip's movements have their own column; a card dispute's (and its settlement) are not the
        -- shift's receipt or earnings
        and e.part <> 'tip' and e.part not like 'dispute:%'
    ) l
    cross join lateral (
      -- issue 38: the seat's tip (its own charge and transfer, no fee)
      select sum(t.amount_cents) filter (where t.kind = 'charge') as tip_charged,
        sum(t.amount_cents) filter (where t.kind = 'transfer') as tip_transferred
      from ${s}.ledger_entries t
      where t.job_id = j.job_id and t.part = 'tip' and t.seat_no = seat.seat_no
    ) tp
    left join ${s}.decisions d on d.job_id = j.job_id and d.seat_no = seat.seat_no
    left join ${s}.timesheet_settlements x on x.job_id = j.job_id and x.seat_no = seat.seat_no
    left join lateral (
      select a.chef_id from ${s}.applications a
      where a.job_id = j.job_id and a.accepted_at is not null
      order by a.accepted_at desc limit 1
    ) acc on true
    left join ${s}.profile_names rn on rn.user_id = j.restaurant_id
    left join ${s}.profile_names cn on cn.user_id =
      coalesce(d.chef_id, case when j.headcount = 1 then coalesce(j.chef_id, acc.chef_id) else sp.chef_id end)
    where l.charged is not null and (${scope})
    order by j.start_time desc nulls last, j.created_at desc, j.job_id, seat.seat_no`);
  return rows.map((r) => ({
    job_id: r.job_id,
    seat_no: Number(r.seat_no),
    headcount: Number(r.headcount),
    restaurant_id: r.restaurant_id,
    title: r.title,
    subtotal_cents: cents(r.subtotal_cents),
    fee_cents: cents(r.fee_cents),
    status: r.status,
    chef_id: r.chef_id,
    accepted_chef_id: r.accepted_chef_id,
    start_time: iso(r.start_time),
    end_time: iso(r.end_time),
    ledger: {
      charged_cents: cents(r.charged),
      fee_cents: cents(r.fees),
      transferred_cents: cents(r.transferred),
      refunded_cents: cents(r.refunded),
      charge_id: r.charge_id,
      transferred_at: iso(r.transferred_at),
      tip_charged_cents: cents(r.tip_charged),
      tip_transferred_cents: cents(r.tip_transferred),
    },
    decision: r.decision_kind
      ? {
          kind: r.decision_kind,
          reason: r.decision_reason ?? '',
          chef_id: r.decision_chef_id,
          chef_pay_cents: cents(r.decision_chef_pay),
          fee_cents: cents(r.decision_fee),
          refund_cents: cents(r.decision_refund),
        }
      : null,
    restaurant_name: r.restaurant_name,
    chef_name: r.chef_name,
    card: { brand: r.card_brand, last4: r.card_last4 },
    timesheet: r.ts_source
      ? {
          source: r.ts_source,
          worked_minutes: cents(r.ts_worked),
          worked_hours: Math.round((cents(r.ts_worked) / 60) * 100) / 100,
          chef_pay_cents: cents(r.ts_chef_pay),
          extra_charge_cents: cents(r.ts_extra),
          extra_charge_status: r.ts_extra_status ?? 'none',
          extra_chef_pay_cents: cents(r.ts_extra_chef),
          partial_refund_cents: cents(r.ts_refund),
          under_minimum:
            r.ts_under_kind && r.ts_under_cents !== null
              ? { kind: r.ts_under_kind, cents: cents(r.ts_under_cents) }
              : null,
        }
      : null,
  }));
}

/**
 * The charged jobs a chef was accepted for (last), worked, or is paid for; of a posting of several seats, only
 * the seats booked by or paid to the chef (each chef sees their own seat's pay).
 */
export function shiftsOfChef(database: Database, chefId: string): Promise<ShiftMoneyFacts[]> {
  const s = sql.raw(database.schema);
  return shiftMoneyFacts(
    database,
    sql`(j.headcount = 1 and (j.chef_id = ${chefId} or j.job_id in (
      select a.job_id from ${s}.applications a where a.chef_id = ${chefId} and a.accepted_at is not null)))
      or (j.headcount > 1 and (sp.chef_id = ${chefId} or d.chef_id = ${chefId}))`,
  );
}

/** Every charged job of a restaurant: a posting of several seats as a row per seat (its chef, its share). */
export function shiftsOfRestaurant(database: Database, restaurantId: string): Promise<ShiftMoneyFacts[]> {
  return shiftMoneyFacts(database, sql`j.restaurant_id = ${restaurantId}`);
}
