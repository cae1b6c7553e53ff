import { sql, type Database, type Executor } from '@brigade/kit';
import type { PayoutRecord } from '@brigade/contracts';
import type { PayoutLedgerFacts } from '../domain/instant-payout';

// Issue 38 (instant payout): the chef's payouts (`payments.instant_payouts`), their ledger entries (part
// `payout:{id}`, no job, the chef in `user_id`) and the record the free rule reads.

export interface PayoutRow {
  id: string;
  chef_id: string;
  account_id: string;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  free_because: string | null;
  status: 'pending' | 'paid' | 'failed';
  provider_payout_id: string | null;
  fee_debit_id: string | null;
  fee_returned_id: string | null;
  destination_brand: string | null;
  destination_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date | string;
  arrived_at: Date | string | null;
  failed_at: Date | string | null;
}

const s = (database: Database) => sql.raw(database.schema);

const number = (r: PayoutRow): PayoutRow => ({
  ...r,
  amount_cents: Number(r.amount_cents),
  fee_cents: Number(r.fee_cents),
  net_cents: Number(r.net_cents),
});

/** The new payout, `pending`; false when the chef already has one pending (the partial unique index). */
export async function insertPayout(
  database: Database,
  tx: Executor,
  p: Pick<
    PayoutRow,
    | 'id'
    | 'chef_id'
    | 'account_id'
    | 'amount_cents'
    | 'fee_cents'
    | 'net_cents'
    | 'free_because'
    | 'destination_brand'
    | 'destination_last4'
  >,
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${s(database)}.instant_payouts
          (id, chef_id, account_id, amount_cents, fee_cents, net_cents, free_because, destination_brand, destination_last4)
        values (${p.id}, ${p.chef_id}, ${p.account_id}, ${p.amount_cents}, ${p.fee_cents}, ${p.net_cents},
                ${p.free_because}, ${p.destination_brand}, ${p.destination_last4})
        on conflict do nothing returning id`,
    tx,
  );
  return rows.length > 0;
}

export async function payoutById(
  database: Database,
  id: string,
  tx?: Executor,
  lock = false,
): Promise<PayoutRow | null> {
  const [row] = await database.rows<PayoutRow>(
    sql`select * from ${s(database)}.instant_payouts where id = ${id}${lock ? sql` for update` : sql``}`,
    tx,
  );
  return row ? number(row) : null;
}

export async function payoutByProviderId(
  database: Database,
  tx: Executor,
  providerPayoutId: string,
): Promise<PayoutRow | null> {
  const [row] = await database.rows<PayoutRow>(
    sql`select * from ${s(database)}.instant_payouts where provider_payout_id = ${providerPayoutId} for update`,
    tx,
  );
  return row ? number(row) : null;
}

export async function pendingPayoutOf(database: Database, chefId: string): Promise<PayoutRow | null> {
  const [row] = await database.rows<PayoutRow>(
    sql`select * from ${s(database)}.instant_payouts where chef_id = ${chefId} and status = 'pending'`,
  );
  return row ? number(row) : null;
}

export async function payoutsOf(database: Database, chefId: string, limit = 50): Promise<PayoutRow[]> {
  const rows = await database.rows<PayoutRow>(
    sql`select * from ${s(database)}.instant_payouts where chef_id = ${chefId}
        order by created_at desc, id limit ${limit}`,
  );
  return rows.map(number);
}

/** One provider id recorded on the payout (the fee's account debit, the payout, the fee's return). */
export async function setPayoutProviderId(
  database: Database,
  tx: Executor,
  id: string,
  field: 'fee_debit_id' | 'provider_payout_id' | 'fee_returned_id',
  value: string,
) {
  await tx.execute(
    sql`update ${s(database)}.instant_payouts set ${sql.raw(field)} = coalesce(${sql.raw(field)}, ${value}), updated_at = now()
        where id = ${id}`,
  );
}

/** Pending -> paid or failed, once: false when it was not pending any more. */
export async function finishPayout(
  database: Database,
  tx: Executor,
  id: string,
  outcome: { status: 'paid' } | { status: 'failed'; failure_code: string | null; failure_message: string },
): Promise<boolean> {
  const rows = await database.rows(
    outcome.status === 'paid'
      ? sql`update ${s(database)}.instant_payouts set status = 'paid', arrived_at = now(), updated_at = now()
            where id = ${id} and status = 'pending' returning id`
      : sql`update ${s(database)}.instant_payouts set status = 'failed', failed_at = now(), updated_at = now(),
              failure_code = ${outcome.failure_code}, failure_message = ${outcome.failure_message}
            where id = ${id} and status = 'pending' returning id`,
    tx,
  );
  return rows.length > 0;
}

/** A payout's movement in the one ledger (part `payout:{id}`, the chef's): once per kind (the unique index). */
export async function insertPayoutEntry(
  database: Database,
  tx: Executor,
  e: {
    payout_id: string;
    user_id: string;
    kind: 'payout' | 'payout_fee' | 'payout_fee_returned';
    amount_cents: number;
    provider_id: string;
  },
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${s(database)}.ledger_entries (job_id, user_id, seat_no, kind, amount_cents, provider_id, idempotency_key, part)
        values (null, ${e.user_id}, 0, ${e.kind}, ${e.amount_cents}, ${e.provider_id},
                ${`payout:${e.payout_id}:${e.kind}`}, ${`payout:${e.payout_id}`})
        on conflict do nothing returning id`,
    tx,
  );
  return rows.length > 0;
}

/**
 * Payouts to drive again (a crash or an outage between the row and its provider calls, a webhook that never
 * came, a failed payout's fee not returned yet): untouched for `quietMs`.
 */
export async function payoutsToDrive(database: Database, quietMs: number, limit = 20): Promise<string[]> {
  const rows = await database.rows<{ id: string }>(
    sql`select id from ${s(database)}.instant_payouts
        where updated_at < now() - make_interval(secs => ${quietMs / 1000})
          and (status = 'pending' or (status = 'failed' and fee_debit_id is not null and fee_returned_id is null))
        order by updated_at limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Mark a payout looked at (the sweep waits `quietMs` before looking again). */
export async function touchPayout(database: Database, id: string) {
  await database.db.execute(
    sql`update ${s(database)}.instant_payouts set updated_at = now() where id = ${id}`,
  );
}

/**
 * The chef's record for the free rule: shifts worked and paid (a seat's decision in the chef's favour that is
 * not cancellation pay, whose transfer the ledger holds) and no-shows in the 90 days before `now`.
 */
export async function payoutRecordOf(database: Database, chefId: string, now: Date): Promise<PayoutRecord> {
  const [row] = await database.rows<{ completed: string; no_shows: string }>(
    sql`select
          (select count(*) from ${s(database)}.decisions d
            where d.chef_id = ${chefId} and d.chef_pay_cents > 0 and d.reason <> 'late_cancellation'
              and exists (select 1 from ${s(database)}.ledger_entries e
                          where e.job_id = d.job_id and e.seat_no = d.seat_no and e.kind = 'transfer'
                            and e.part in ('escrow', 'extra')))::bigint as completed,
          (select count(*) from ${s(database)}.payout_no_shows n
            where n.user_id = ${chefId} and n.removed_at is null
              and n.occurred_at > ${new Date(now.getTime() - 90 * 86_400_000).toISOString()}::timestamptz
          )::bigint as no_shows`,
  );
  return { completed_shifts: Number(row.completed), no_shows_90_days: Number(row.no_shows) };
}

/** A no-show on a chef's record (jobs.reliability.recorded.v1), once per job and seat. */
export async function insertNoShow(
  database: Database,
  tx: Executor,
  n: { user_id: string; job_id: string; seat_no: number | null; occurred_at: string },
) {
  await tx.execute(
    sql`insert into ${s(database)}.payout_no_shows (user_id, job_id, seat_no, occurred_at)
        values (${n.user_id}, ${n.job_id}, ${n.seat_no ?? 0}, ${n.occurred_at}::timestamptz)
        on conflict do nothing`,
  );
}

/**
 * Issue 39: a no-show removed on appeal (jobs.mark.removed.v1) stops counting; kept as removed when it arrives
 * before its no-show, so the fact never counts later.
 */
export async function removeNoShow(
  database: Database,
  tx: Executor,
  n: { user_id: string; job_id: string; seat_no: number; occurred_at: string; removed_at: string },
) {
  await tx.execute(
    sql`insert into ${s(database)}.payout_no_shows (user_id, job_id, seat_no, occurred_at, removed_at)
        values (${n.user_id}, ${n.job_id}, ${n.seat_no}, ${n.occurred_at}::timestamptz, ${n.removed_at}::timestamptz)
        on conflict (user_id, job_id, seat_no) do update set removed_at = excluded.removed_at
          where ${s(database)}.payout_no_shows.removed_at is null`,
  );
}

/** Every payout with its ledger entries, and entries of a payout part no row names (`ledger:check`). */
export async function payoutLedgerFacts(database: Database): Promise<PayoutLedgerFacts[]> {
  const rows = await database.rows<{
    payout_id: string;
    status: PayoutLedgerFacts['status'];
    amount_cents: string | null;
    fee_cents: string | null;
    net_cents: string | null;
    kind: keyof PayoutLedgerFacts['entries'] | null;
    entry_cents: string | null;
  }>(
    sql`select coalesce(p.id::text, substr(e.part, 8)) as payout_id, p.status, p.amount_cents, p.fee_cents, p.net_cents,
               e.kind, e.amount_cents as entry_cents
        from ${s(database)}.instant_payouts p
        full join ${s(database)}.ledger_entries e on e.part = 'payout:' || p.id::text
        where p.id is not null or e.part like 'payout:%'
        order by 1, e.id`,
  );
  const byId = new Map<string, PayoutLedgerFacts>();
  for (const r of rows) {
    let f = byId.get(r.payout_id);
    if (!f) {
      f = {
        payout_id: r.payout_id,
        status: r.status ?? null,
        amount_cents: Number(r.amount_cents ?? 0),
        fee_cents: Number(r.fee_cents ?? 0),
        net_cents: Number(r.net_cents ?? 0),
        entries: { payout: [], payout_fee: [], payout_fee_returned: [] },
      };
      byId.set(r.payout_id, f);
    }
    if (r.kind && r.kind in f.entries) f.entries[r.kind].push(Number(r.entry_cents));
  }
  return [...byId.values()];
}
