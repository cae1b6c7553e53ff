import { sql, type Database, type Executor } from '@brigade/kit';
import type { payHttp } from '@brigade/contracts';
import { tipChargeKey } from '../domain/tips';

// Issue 38: tips (migrations 0014, 0015). One row per application: written `charging` before the provider is
// asked (the unique application_id refuses a second tip), then `charged` (its charge in the ledger), `paid` (its
// transfer in the ledger) or `failed` (the card did not pay; the restaurant may give it again: a new attempt).

export interface TipRow {
  id: string;
  application_id: string;
  job_id: string;
  seat_no: number;
  restaurant_id: string;
  chef_id: string;
  amount_cents: number;
  status: 'charging' | 'charged' | 'paid' | 'failed';
  payment_intent_id: string | null;
  transfer_id: string | null;
  failure_code: string | null;
  failure_decline_code: string | null;
  failure_message: string | null;
  created_at: Date | string;
  charged_at: Date | string | null;
  paid_at: Date | string | null;
  failed_at: Date | string | null;
  attempt: number;
  attempted_at: Date | string;
}

const s = (database: Database) => sql.raw(database.schema);

const normalize = (r: TipRow): TipRow => ({
  ...r,
  seat_no: Number(r.seat_no),
  amount_cents: Number(r.amount_cents),
  attempt: Number(r.attempt),
});

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

/** A tip as the API answers it. */
export function tipOfRow(r: TipRow): payHttp.Tip {
  return {
    id: r.id,
    application_id: r.application_id,
    job_id: r.job_id,
    seat_no: r.seat_no,
    restaurant_id: r.restaurant_id,
    chef_id: r.chef_id,
    amount_cents: r.amount_cents,
    fee_cents: 0,
    status: r.status,
    failure:
      r.status === 'failed'
        ? {
            code: r.failure_code,
            decline_code: r.failure_decline_code,
            message: r.failure_message ?? 'The card was not charged.',
          }
        : null,
    created_at: iso(r.created_at)!,
    paid_at: iso(r.paid_at),
  };
}

/** The key of a tip's current attempt. */
export const chargeKeyOf = (t: Pick<TipRow, 'application_id' | 'attempt'>) =>
  tipChargeKey(t.application_id, t.attempt);

export async function findTip(
  database: Database,
  by: { application_id: string } | { id: string } | { job_id: string; seat_no: number },
  tx?: Executor,
  lock = false,
): Promise<TipRow | null> {
  const where =
    'application_id' in by
      ? sql`application_id = ${by.application_id}`
      : 'id' in by
        ? sql`id = ${by.id}`
        : sql`job_id = ${by.job_id} and seat_no = ${by.seat_no}`;
  const [row] = await database.rows<TipRow>(
    sql`select * from ${s(database)}.tips where ${where}${lock ? sql` for update` : sql``}`,
    tx,
  );
  return row ? normalize(row) : null;
}

/**
 * Begin a tip (or a new attempt of a failed one) before the provider is asked: null when the seat already has a
 * tip charging, charged or paid (the unique application_id: a second request, concurrent or not, writes nothing).
 */
export async function beginTip(
  database: Database,
  tx: Executor,
  t: Pick<
    TipRow,
    'id' | 'application_id' | 'job_id' | 'seat_no' | 'restaurant_id' | 'chef_id' | 'amount_cents'
  >,
): Promise<TipRow | null> {
  const [row] = await database.rows<TipRow>(
    sql`insert into ${s(database)}.tips (id, application_id, job_id, seat_no, restaurant_id, chef_id, amount_cents)
        values (${t.id}, ${t.application_id}, ${t.job_id}, ${t.seat_no}, ${t.restaurant_id}, ${t.chef_id}, ${t.amount_cents})
        on conflict (application_id) do update set
          status = 'charging', amount_cents = excluded.amount_cents, attempt = tips.attempt + 1,
          attempted_at = now(), payment_intent_id = null, failure_code = null, failure_decline_code = null,
          failure_message = null, failed_at = null
        where tips.status = 'failed'
        returning *`,
    tx,
  );
  return row ? normalize(row) : null;
}

/**
 * The tip's charge, asked of the money-task runner too (kind 'charge', part 'tip'), due only after `graceMs`: the
 * request makes the call itself; the runner re-drives it with the same key only if the request never recorded an
 * answer (a crash). A new attempt of a failed tip makes the seat's task pending again with the attempt's key.
 */
export async function scheduleTipCharge(
  database: Database,
  tx: Executor,
  t: TipRow,
  graceMs: number,
): Promise<void> {
  await tx.execute(
    sql`insert into ${s(database)}.money_tasks (job_id, seat_no, kind, part, reason, amount_cents, fee_cents,
          destination_user_id, idempotency_key, next_attempt_at)
        values (${t.job_id}, ${t.seat_no}, 'charge', 'tip', 'tip', ${t.amount_cents}, 0, null, ${chargeKeyOf(t)},
                now() + (${graceMs} * interval '1 millisecond'))
        on conflict (job_id, seat_no, kind, part) do update set
          status = 'pending', amount_cents = excluded.amount_cents, idempotency_key = excluded.idempotency_key,
          next_attempt_at = excluded.next_attempt_at, attempts = 0, last_error = null, last_error_kind = null,
          done_at = null`,
  );
}

/** The charge is in the ledger: the tip is `charged` (once; a success since a failure counts). */
export async function markTipCharged(database: Database, tx: Executor, id: string, paymentIntentId: string) {
  await tx.execute(
    sql`update ${s(database)}.tips set status = 'charged', payment_intent_id = ${paymentIntentId}, charged_at = now(),
          failure_code = null, failure_decline_code = null, failure_message = null, failed_at = null
        where id = ${id} and status in ('charging', 'failed')`,
  );
}

/** The card did not pay: the tip is `failed`, with the card's text. */
export async function markTipFailed(
  database: Database,
  tx: Executor,
  id: string,
  f: { payment_intent_id: string | null; code: string | null; decline_code: string | null; message: string },
) {
  await tx.execute(
    sql`update ${s(database)}.tips set status = 'failed', payment_intent_id = ${f.payment_intent_id},
          failure_code = ${f.code}, failure_decline_code = ${f.decline_code}, failure_message = ${f.message},
          failed_at = now()
        where id = ${id} and status = 'charging'`,
  );
}

/** The transfer is in the ledger: the tip is `paid` (once). */
export async function markTipPaid(database: Database, tx: Executor, id: string, transferId: string) {
  await tx.execute(
    sql`update ${s(database)}.tips set status = 'paid', transfer_id = ${transferId}, paid_at = now()
        where id = ${id} and status = 'charged'`,
  );
}

/** The task of a tip's charge is answered (the request recorded the provider's answer). */
export async function closeTipChargeTask(
  database: Database,
  tx: Executor,
  t: Pick<TipRow, 'job_id' | 'seat_no'>,
) {
  await tx.execute(
    sql`update ${s(database)}.money_tasks set status = 'done', done_at = coalesce(done_at, now())
        where job_id = ${t.job_id} and seat_no = ${t.seat_no} and kind = 'charge' and part = 'tip'`,
  );
}

/** Every tip with its ledger entries (part 'tip' at its seat), and the seats with tip entries but no tip. */
export async function tipsWithLedger(database: Database, jobId?: string) {
  const rows = await database.rows<{
    job_id: string;
    seat_no: number;
    status: TipRow['status'] | null;
    amount_cents: number | null;
    kinds: Array<{ kind: string; amount_cents: number }> | null;
  }>(
    sql`select coalesce(t.job_id, e.job_id) as job_id, coalesce(t.seat_no, e.seat_no) as seat_no, t.status,
               t.amount_cents, e.kinds
        from ${s(database)}.tips t
        full join (select job_id, seat_no, json_agg(json_build_object('kind', kind, 'amount_cents', amount_cents)) as kinds
                   from ${s(database)}.ledger_entries where part = 'tip' group by job_id, seat_no) e
          on e.job_id = t.job_id and e.seat_no = t.seat_no
        where ${jobId ?? null}::uuid is null or coalesce(t.job_id, e.job_id) = ${jobId ?? null}::uuid`,
  );
  return rows.map((r) => ({
    job_id: r.job_id,
    seat_no: Number(r.seat_no),
    status: r.status,
    amount_cents: Number(r.amount_cents ?? 0),
    kinds: (r.kinds ?? []).map((k) => ({ kind: k.kind, amount_cents: Number(k.amount_cents) })),
  }));
}
