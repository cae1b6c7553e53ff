import { sql, type Database, type Executor } from '@brigade/kit';
import { CLOSED_STATUSES, HELD_STATUSES, type PaymentStatus } from './payment-status';

export interface LedgerTotals {
  charged_cents: number;
  fee_cents: number;
  transferred_cents: number;
  refunded_cents: number;
}

export interface LedgerCheck extends LedgerTotals {
  job_id: string;
  status: string;
  ok: boolean;
  problems: string[];
}

export function emptyTotals(): LedgerTotals {
  return { charged_cents: 0, fee_cents: 0, transferred_cents: 0, refunded_cents: 0 };
}

const KIND_FIELD = {
  charge: 'charged_cents',
  fee: 'fee_cents',
  transfer: 'transferred_cents',
  refund: 'refunded_cents',
} as const;

export async function ledgerTotals(
  database: Database,
  jobId: string,
  executor?: Executor,
): Promise<LedgerTotals> {
  const rows = await database.rows<{ kind: keyof typeof KIND_FIELD; total: string }>(
    sql`select kind, sum(amount_cents)::bigint as total from ${sql.raw(database.schema)}.ledger_entries where job_id = ${jobId} group by kind`,
    executor,
  );
  const totals = emptyTotals();
  for (const r of rows) totals[KIND_FIELD[r.kind]] = Number(r.total);
  return totals;
}

/**
 * The ledger's rules, for every job by the state of its money:
 * - closed (completed, refunded): charged = transferred + fee + refunded, the charge equals the job total, a
 *   released job transferred exactly the shift pay and kept exactly the booking fee, a refunded job gave back the
 *   whole charge;
 * - held (held_in_escrow, disputed): charged = the job's total, and nothing transferred, kept or refunded yet;
 * - unpaid (pending, failed): nothing charged, transferred or refunded;
 * and nothing is ever charged, transferred or refunded twice (at most one entry of each kind).
 */
export async function checkLedger(database: Database): Promise<LedgerCheck[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    job_id: string;
    status: PaymentStatus;
    subtotal_cents: number;
    fee: number;
    total_cents: number;
    charged: string;
    fees: string;
    transferred: string;
    refunded: string;
    entries_max: string;
  }>(sql`
    select j.job_id, j.status, j.subtotal_cents, j.fee_cents as fee, j.total_cents,
      coalesce(l.charged, 0)::bigint as charged, coalesce(l.fees, 0)::bigint as fees,
      coalesce(l.transferred, 0)::bigint as transferred, coalesce(l.refunded, 0)::bigint as refunded,
      coalesce(l.entries_max, 0)::bigint as entries_max
    from ${s}.job_payments j
    left join (
      select job_id,
        sum(amount_cents) filter (where kind = 'charge') as charged,
        sum(amount_cents) filter (where kind = 'fee') as fees,
        sum(amount_cents) filter (where kind = 'transfer') as transferred,
        sum(amount_cents) filter (where kind = 'refund') as refunded,
        max(n) as entries_max
      from (select job_id, kind, sum(amount_cents) as amount_cents, count(*) as n from ${s}.ledger_entries group by job_id, kind) per_kind
      group by job_id
    ) l on l.job_id = j.job_id
    order by j.job_id`);
  return rows.map((r) => {
    const charged = Number(r.charged);
    const fees = Number(r.fees);
    const transferred = Number(r.transferred);
    const refunded = Number(r.refunded);
    const total = Number(r.total_cents);
    const problems: string[] = [];
    if (Number(r.entries_max) > 1) problems.push('more than one ledger entry of a kind');
    if (CLOSED_STATUSES.includes(r.status)) {
      if (charged !== transferred + fees + refunded)
        problems.push(
          `charged ${charged} != transferred ${transferred} + fee ${fees} + refunded ${refunded}`,
        );
      if (charged !== total) problems.push(`charged ${charged} != job total ${total}`);
      if (r.status === 'completed' && (transferred !== Number(r.subtotal_cents) || fees !== Number(r.fee)))
        problems.push(`released job must transfer ${r.subtotal_cents} and keep ${r.fee}`);
      if (r.status === 'refunded' && refunded !== charged)
        problems.push(`refunded job must refund ${charged}`);
    } else if (HELD_STATUSES.includes(r.status)) {
      if (charged !== total) problems.push(`held job charged ${charged} != job total ${total}`);
      if (transferred + fees + refunded > 0)
        problems.push(
          `held job already moved money: transferred ${transferred} + fee ${fees} + refunded ${refunded}`,
        );
    } else if (charged + transferred + fees + refunded > 0) {
      problems.push(
        `unpaid job has ledger entries: charged ${charged}, transferred ${transferred}, fee ${fees}, refunded ${refunded}`,
      );
    }
    return {
      job_id: r.job_id,
      status: r.status,
      charged_cents: charged,
      fee_cents: fees,
      transferred_cents: transferred,
      refunded_cents: refunded,
      ok: problems.length === 0,
      problems,
    };
  });
}
