import { sql, type Database, type Executor } from '@brigade/kit';
import type { WeekEntry, YearTransfer } from '../domain/statements';

// Issue 38's statements read the one ledger: the transfers to a chef in a year, the instant-payout fees of their
// own entries, and the card movements of a restaurant's shifts in a week. Read only, except the sends of the
// Monday text (one row per restaurant and week).

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The city payments heard for a profile (identity's profile events), or null. */
export async function cityOf(database: Database, userId: string): Promise<string | null> {
  const [row] = await database.rows<{ city: string | null }>(
    sql`select city from ${sql.raw(database.schema)}.profile_names where user_id = ${userId}`,
  );
  return row?.city ?? null;
}

/**
 * The transfers booked to a chef in [from, to): shift pay (escrow, extra and edit parts: cancellation pay is a
 * transfer of the escrow) and tips. The seat's decision names the chef paid (as the earnings read it), a tip's
 * row its chef.
 */
export async function chefTransfers(
  database: Database,
  chefId: string,
  from: Date,
  to: Date,
): Promise<YearTransfer[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    job_id: string;
    seat_no: number;
    part: string;
    amount_cents: number;
    restaurant_id: string;
    restaurant_name: string | null;
  }>(sql`
    select e.job_id, e.seat_no, e.part, e.amount_cents, j.restaurant_id, rn.name as restaurant_name
    from ${s}.ledger_entries e
    join ${s}.job_payments j on j.job_id = e.job_id
    left join ${s}.decisions d on d.job_id = e.job_id and d.seat_no = e.seat_no
    left join ${s}.tips t on e.part = 'tip' and t.job_id = e.job_id and t.seat_no = e.seat_no
    left join ${s}.profile_names rn on rn.user_id = j.restaurant_id
    where e.kind = 'transfer' and e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
      and (e.part in ('escrow', 'extra', 'tip') or e.part like 'edit:%')
      and coalesce(t.chef_id, d.chef_id) = ${chefId}
    order by e.created_at, e.id`);
  return rows.map((r) => ({ ...r, seat_no: Number(r.seat_no), amount_cents: Number(r.amount_cents) }));
}

/** The instant-payout fees a chef paid in [from, to): kept less returned (a failed payout's fee comes back). */
export async function chefPayoutFees(database: Database, chefId: string, from: Date, to: Date) {
  const [row] = await database.rows<{ fees: string | null }>(sql`
    select sum(case when kind = 'payout_fee' then amount_cents else -amount_cents end)::bigint as fees
    from ${sql.raw(database.schema)}.ledger_entries
    where job_id is null and user_id = ${chefId} and kind in ('payout_fee', 'payout_fee_returned')
      and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`);
  return Number(row?.fees ?? 0);
}

/**
 * Every card movement of a restaurant's shifts booked in [from, to): charges (escrow, extra, edit, tip),
 * refunds and the fees Brigade kept, oldest first, each with its shift and chef (a seat's decision, else its
 * booking; the posting's own movements at seat 0 name the chef only for a shift of one chef). A card dispute's
 * withdrawal and outcome are the bank's, not the card's (they have their own screen); a lost one paid back is a
 * charge like any other.
 */
export async function restaurantWeekEntries(
  database: Database,
  restaurantId: string,
  from: Date,
  to: Date,
): Promise<WeekEntry[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    at: Date | string;
    job_id: string;
    title: string;
    shift_start: Date | string | null;
    seat_no: number;
    kind: WeekEntry['kind'];
    part: string;
    amount_cents: number;
    provider_id: string | null;
    chef_id: string | null;
    chef_name: string | null;
  }>(sql`
    select e.created_at as at, e.job_id, j.title, j.start_time as shift_start, e.seat_no, e.kind, e.part,
      e.amount_cents, e.provider_id, c.chef_id, cn.name as chef_name
    from ${s}.ledger_entries e
    join ${s}.job_payments j on j.job_id = e.job_id
    left join ${s}.decisions d on d.job_id = e.job_id
      and d.seat_no = case when e.seat_no = 0 then 1 else e.seat_no end
    left join ${s}.seat_payments sp on sp.job_id = e.job_id
      and sp.seat_no = case when e.seat_no = 0 then 1 else e.seat_no end
    left join lateral (
      select a.chef_id from ${s}.applications a
      where a.job_id = j.job_id and a.accepted_at is not null
      order by a.accepted_at desc limit 1
    ) acc on true
    cross join lateral (
      select case when e.seat_no = 0 and j.headcount > 1 then null
             else coalesce(d.chef_id, sp.chef_id, case when j.headcount = 1 then coalesce(j.chef_id, acc.chef_id) end)
             end as chef_id
    ) c
    left join ${s}.profile_names cn on cn.user_id = c.chef_id
    where j.restaurant_id = ${restaurantId}
      and e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
      and e.kind in ('charge', 'refund', 'fee')
      -- a card dispute's withdrawal and outcome are the bank's; its settlement is a charge on the card
      and (e.part not like 'dispute:%' or e.kind = 'charge')
    order by e.created_at, e.id`);
  return rows.map((r) => ({
    ...r,
    at: iso(r.at)!,
    shift_start: iso(r.shift_start),
    seat_no: Number(r.seat_no),
    amount_cents: Number(r.amount_cents),
  }));
}

/** The restaurants whose shifts had card movements since `since`, with the city payments heard for each. */
export async function restaurantsWithMovements(
  database: Database,
  since: Date,
): Promise<Array<{ restaurant_id: string; city: string | null }>> {
  const s = sql.raw(database.schema);
  return database.rows(sql`
    select r.restaurant_id, pn.city from (
      select distinct j.restaurant_id
      from ${s}.ledger_entries e join ${s}.job_payments j on j.job_id = e.job_id
      where e.created_at >= ${since.toISOString()} and e.kind in ('charge', 'refund', 'fee')
        and (e.part not like 'dispute:%' or e.kind = 'charge')
    ) r
    left join ${s}.profile_names pn on pn.user_id = r.restaurant_id
    order by r.restaurant_id`);
}

/** Whether the restaurant's statement of the week was sent. */
export async function statementSent(database: Database, restaurantId: string, week: string) {
  const rows = await database.rows(
    sql`select 1 from ${sql.raw(database.schema)}.statement_sends where restaurant_id = ${restaurantId} and week = ${week}`,
  );
  return rows.length > 0;
}

/** Record the week's send; false when it was already recorded (another pass or instance sent it). */
export async function recordStatementSend(
  database: Database,
  tx: Executor,
  send: { restaurant_id: string; week: string; charged_cents: number; net_cents: number },
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.statement_sends (restaurant_id, week, charged_cents, net_cents)
        values (${send.restaurant_id}, ${send.week}, ${send.charged_cents}, ${send.net_cents})
        on conflict (restaurant_id, week) do nothing returning 1 as sent`,
    tx,
  );
  return rows.length > 0;
}
