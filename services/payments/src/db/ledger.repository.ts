import { sql, type Database, type Executor } from '@brigade/kit';
import type { PaymentStatus } from '@brigade/contracts';
import { movementKey, seatKey } from '../domain/idempotency-keys';
import { emptyTotals, type LedgerFacts, type LedgerTotals, type SeatLedgerFacts } from '../domain/ledger';

export type LedgerKind =
  | 'charge'
  | 'fee'
  | 'transfer'
  | 'refund'
  | 'dispute'
  | 'dispute_won'
  | 'dispute_lost'
  | 'payout'
  | 'payout_fee'
  | 'payout_fee_returned';
/**
 * The escrow's movements, a timesheet's extra (its off-session charge, then its transfer and fee), or an edit's
 * (issue 35: `edit:{editId}`, its charge and refund at seat 0, and a seat's refund taken from its charge); issue
 * 38: a tip's charge and transfer (`tip`), a card dispute's movements (`dispute:{dp_id}`), an instant payout's
 * (`payout:{payoutId}`, no job: the chef's).
 */
export type LedgerPart =
  'escrow' | 'extra' | 'tip' | `edit:${string}` | `dispute:${string}` | `payout:${string}`;

/**
 * Write one movement of a seat to the job's ledger (the unique (job, seat, kind, part) index refuses a second of
 * a kind). Seat 1 when none is named (every job before seats).
 */
export async function insertLedgerEntry(
  database: Database,
  tx: Executor,
  entry: {
    job_id: string;
    seat_no?: number;
    kind: LedgerKind;
    amount_cents: number;
    provider_id: string | null;
    part?: LedgerPart;
    /** a refund split across a job's charges (issue 35): one entry per split, 0 the first */
    split?: number;
    idempotency_key?: string;
  },
) {
  const part = entry.part ?? 'escrow';
  const seatNo = entry.seat_no ?? 1;
  const split = entry.split ?? 0;
  const key = entry.idempotency_key ?? movementKey(entry.job_id, seatNo, entry.kind, part);
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.ledger_entries (job_id, seat_no, kind, amount_cents, provider_id, idempotency_key, part, split)
        values (${entry.job_id}, ${seatNo}, ${entry.kind}, ${entry.amount_cents}, ${entry.provider_id}, ${key}, ${part}, ${split})`,
  );
}

/** The seat the posting's own escrow charge is booked at (ADR 0030): not a chef's. */
export const POSTING_SEAT = 0;

/**
 * The job's escrow charge, as the provider confirmed it, at the posting's seat 0: false when the ledger already
 * has it (one charge per job, one entry per provider id), so a second confirmation records nothing.
 */
export async function insertCharge(
  database: Database,
  tx: Executor,
  charge: { job_id: string; amount_cents: number; provider_id: string },
): Promise<boolean> {
  const inserted = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.ledger_entries (job_id, seat_no, kind, amount_cents, provider_id, idempotency_key)
        values (${charge.job_id}, ${POSTING_SEAT}, 'charge', ${charge.amount_cents}, ${charge.provider_id},
                ${seatKey(charge.job_id, POSTING_SEAT, 'payment_intent')})
        on conflict do nothing returning id`,
    tx,
  );
  return inserted.length > 0;
}

/** Every movement of a job's money, oldest first. */
export async function ledgerEntries(
  database: Database,
  jobId: string,
): Promise<
  Array<{
    kind: LedgerKind;
    seat_no: number;
    amount_cents: number;
    provider_id: string | null;
    created_at: Date | string;
    part: string;
  }>
> {
  const rows = await database.rows<{
    kind: LedgerKind;
    seat_no: number;
    amount_cents: number;
    provider_id: string | null;
    created_at: Date | string;
    part: string;
  }>(
    sql`select kind, seat_no, amount_cents, provider_id, created_at, part from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} order by id`,
  );
  return rows.map((r) => ({ ...r, seat_no: Number(r.seat_no), amount_cents: Number(r.amount_cents) }));
}

const KIND_FIELD = {
  charge: 'charged_cents',
  fee: 'fee_cents',
  transfer: 'transferred_cents',
  refund: 'refunded_cents',
} as const;

/** The job's escrow ledger summed by kind (a tip's and a card dispute's movements have their own totals). */
export async function ledgerTotals(
  database: Database,
  jobId: string,
  executor?: Executor,
): Promise<LedgerTotals> {
  const rows = await database.rows<{ kind: keyof typeof KIND_FIELD; total: string }>(
    sql`select kind, sum(amount_cents)::bigint as total from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} and part <> 'tip' and part not like 'dispute:%' group by kind`,
    executor,
  );
  const totals = emptyTotals();
  for (const r of rows) if (KIND_FIELD[r.kind]) totals[KIND_FIELD[r.kind]] = Number(r.total);
  return totals;
}

/**
 * What was charged for one seat's escrow (issue 35): the posting's charge (seat 0, for every seat) and a charge
 * booked at the seat itself (an added seat's).
 */
export async function seatCharges(
  database: Database,
  jobId: string,
  seatNo: number,
  executor?: Executor,
): Promise<{ posting_cents: number; seat_cents: number }> {
  const [row] = await database.rows<{ posting: string; seat: string }>(
    sql`select coalesce(sum(amount_cents) filter (where seat_no = ${POSTING_SEAT}), 0)::bigint as posting,
               coalesce(sum(amount_cents) filter (where seat_no = ${seatNo}), 0)::bigint as seat
        from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} and kind = 'charge' and part = 'escrow'`,
    executor,
  );
  return { posting_cents: Number(row?.posting ?? 0), seat_cents: Number(row?.seat ?? 0) };
}

/**
 * The posting's own charges at seat 0 (issue 35): the escrow's, and every charge booked there (an edit's rise).
 */
export async function postingCharges(
  database: Database,
  jobId: string,
  executor?: Executor,
): Promise<{ escrow_cents: number; all_cents: number }> {
  const [row] = await database.rows<{ escrow: string; all: string }>(
    sql`select coalesce(sum(amount_cents) filter (where part = 'escrow'), 0)::bigint as escrow,
               coalesce(sum(amount_cents), 0)::bigint as all
        from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} and seat_no = ${POSTING_SEAT} and kind = 'charge'`,
    executor,
  );
  return { escrow_cents: Number(row?.escrow ?? 0), all_cents: Number(row?.all ?? 0) };
}

/**
 * Which ledger entries (`e`) the escrow's rules count (issue 35): not a tip's or a card dispute's (issue 38: each
 * has its own rule, ADR 0035), and all but the charge of an edit still on its way (collected,
 * neither applied nor refunded yet): it is held apart from the posting until the edit takes effect (then it is
 * part of the posting's new total) or is dropped (then it counts with its refund, netting to nothing).
 */
export const countedEntry = (s: ReturnType<typeof sql.raw>) =>
  sql`e.part <> 'tip' and e.part not like 'dispute:%' and e.job_id is not null and not (e.seat_no = 0 and e.kind = 'charge' and e.part like 'edit:%'
        and not exists (select 1 from ${s}.job_edits x where 'edit:' || x.edit_id::text = e.part and x.applied_at is not null)
        and not exists (select 1 from ${s}.ledger_entries r
                        where r.job_id = e.job_id and r.seat_no = 0 and r.kind = 'refund' and r.part = e.part))`;

/** Every job's figures as the ledger rules read them (`ledgerProblems`), by job id. */
export async function ledgerFactsOfEveryJob(
  database: Database,
): Promise<Array<LedgerFacts & { job_id: string }>> {
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
    decision_kind: string | null;
    decision_chef_pay: number | null;
    decision_fee: number | null;
    decision_refund: number | null;
  }>(sql`
    select j.job_id, j.status, j.subtotal_cents, j.fee_cents as fee, j.total_cents,
      coalesce(l.charged, 0)::bigint as charged, coalesce(l.fees, 0)::bigint as fees,
      coalesce(l.transferred, 0)::bigint as transferred, coalesce(l.refunded, 0)::bigint as refunded,
      coalesce(l.entries_max, 0)::bigint as entries_max,
      d.kind as decision_kind, d.chef_pay_cents as decision_chef_pay, d.fee_cents as decision_fee,
      d.refund_cents as decision_refund
    from ${s}.job_payments j
    left join (
      select job_id,
        sum(amount_cents) filter (where kind = 'charge') - coalesce(sum(amount_cents) filter (where kind = 'refund' and seat_no = 0), 0) as charged,
        sum(amount_cents) filter (where kind = 'fee') as fees,
        sum(amount_cents) filter (where kind = 'transfer') as transferred,
        sum(amount_cents) filter (where kind = 'refund' and seat_no <> 0) as refunded,
        max(n) as entries_max
      from (select job_id, seat_no, kind, sum(amount_cents) as amount_cents, count(*) as n from ${s}.ledger_entries e
            where ${countedEntry(s)}
            group by job_id, seat_no, kind, part, split) per_kind
      group by job_id
    ) l on l.job_id = j.job_id
    left join ${s}.decisions d on d.job_id = j.job_id and d.seat_no = 1
    order by j.job_id`);
  return rows.map((r) => ({
    job_id: r.job_id,
    status: r.status,
    subtotal_cents: Number(r.subtotal_cents),
    fee_cents: Number(r.fee),
    total_cents: Number(r.total_cents),
    totals: {
      charged_cents: Number(r.charged),
      fee_cents: Number(r.fees),
      transferred_cents: Number(r.transferred),
      refunded_cents: Number(r.refunded),
    },
    entries_max: Number(r.entries_max),
    decision: r.decision_kind
      ? {
          kind: r.decision_kind,
          chef_pay_cents: Number(r.decision_chef_pay),
          fee_cents: Number(r.decision_fee),
          refund_cents: Number(r.decision_refund),
        }
      : null,
  }));
}

/**
 * Every seat's movements (issue 35, ADR 0030), with its job's figures and headcount: what the per-seat rule of
 * `ledger:check` reads (nothing moved beyond the seat's share, plus its collected extra). The posting's charge at
 * seat 0 is not a seat's.
 */
export async function ledgerFactsOfEverySeat(database: Database): Promise<SeatLedgerFacts[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<Record<string, string | number | null>>(sql`
    select j.job_id, seats.seat_no, j.headcount, j.subtotal_cents, j.fee_cents, j.total_cents,
      sp.status,
      exists (select 1 from ${s}.timesheet_settlements ts
        where ts.job_id = j.job_id and ts.seat_no = seats.seat_no) as timesheet,
      (select coalesce(sum(e.amount_cents) filter (where e.kind = 'charge'), 0)
              - coalesce(sum(e.amount_cents) filter (where e.kind = 'refund'), 0) from ${s}.ledger_entries e
        where e.job_id = j.job_id and e.seat_no = 0 and ${countedEntry(s)})::bigint as posting_charged,
      coalesce(sum(e.amount_cents) filter (where e.part = 'escrow' and e.kind = 'charge'), 0)::bigint as charged,
      coalesce(sum(e.amount_cents) filter (where e.part = 'escrow' and e.kind = 'transfer'), 0)::bigint as transferred,
      coalesce(sum(e.amount_cents) filter (where e.part = 'escrow' and e.kind = 'fee'), 0)::bigint as fees,
      coalesce(sum(e.amount_cents) filter (where e.part = 'escrow' and e.kind = 'refund'), 0)::bigint as refunded,
      coalesce(sum(e.amount_cents) filter (where e.part = 'extra' and e.kind = 'charge'), 0)::bigint as extra_charged,
      coalesce(sum(e.amount_cents) filter (where e.part = 'extra' and e.kind <> 'charge'), 0)::bigint as extra_moved,
      d.kind as decision_kind, d.chef_pay_cents as decision_chef_pay, d.fee_cents as decision_fee,
      d.refund_cents as decision_refund
    from ${s}.job_payments j
    join (select job_id, seat_no from ${s}.seat_payments
          union select job_id, seat_no from ${s}.ledger_entries where seat_no > 0) seats on seats.job_id = j.job_id
    left join ${s}.seat_payments sp on sp.job_id = seats.job_id and sp.seat_no = seats.seat_no
    left join ${s}.decisions d on d.job_id = seats.job_id and d.seat_no = seats.seat_no
    left join ${s}.ledger_entries e on e.job_id = seats.job_id and e.seat_no = seats.seat_no
    group by j.job_id, seats.seat_no, j.headcount, j.subtotal_cents, j.fee_cents, j.total_cents, sp.status,
      d.kind, d.chef_pay_cents, d.fee_cents, d.refund_cents
    order by j.job_id, seats.seat_no`);
  return rows.map((r) => ({
    job_id: String(r.job_id),
    seat_no: Number(r.seat_no),
    headcount: Number(r.headcount),
    status: (r.status ?? null) as PaymentStatus | null,
    timesheet: Boolean(r.timesheet),
    posting: {
      subtotal_cents: Number(r.subtotal_cents),
      fee_cents: Number(r.fee_cents),
      total_cents: Number(r.total_cents),
    },
    posting_charged_cents: Number(r.posting_charged),
    totals: {
      charged_cents: Number(r.charged),
      fee_cents: Number(r.fees),
      transferred_cents: Number(r.transferred),
      refunded_cents: Number(r.refunded),
    },
    extra_charged_cents: Number(r.extra_charged),
    extra_moved_cents: Number(r.extra_moved),
    decision: r.decision_kind
      ? {
          kind: String(r.decision_kind),
          chef_pay_cents: Number(r.decision_chef_pay),
          fee_cents: Number(r.decision_fee),
          refund_cents: Number(r.decision_refund),
        }
      : null,
  }));
}

/** Whether this database holds the payments ledger (the service has run against it). */
export async function ledgerExists(database: Database): Promise<boolean> {
  const [exists] = await database.rows<{ ok: string | null }>(
    sql`select to_regclass('payments.job_payments')::text as ok`,
  );
  return Boolean(exists?.ok);
}

/** The provider id of a seat's ledger entry of a kind (charge, transfer, refund), or null when none. */
export async function ledgerEntryId(
  database: Database,
  jobId: string,
  kind: 'charge' | 'transfer' | 'refund',
  tx?: Executor,
  part: LedgerPart = 'escrow',
  seatNo = 1,
): Promise<{ provider_id: string | null } | null> {
  const [row] = await database.rows<{ provider_id: string | null }>(
    sql`select provider_id from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} and seat_no = ${seatNo} and kind = ${kind} and part = ${part} order by split limit 1`,
    tx,
  );
  return row ?? null;
}

/**
 * The charge a seat's movement is paid from: for the escrow, the posting's charge at seat 0 (a charge written
 * without a seat, seat 1, before seats or by a direct insert, is found too); for a timesheet's extra, the seat's
 * own extra charge. Null when none is recorded.
 */
export async function chargeFor(
  database: Database,
  jobId: string,
  seatNo: number,
  part: 'escrow' | 'extra' | 'tip',
  tx?: Executor,
): Promise<{ provider_id: string | null } | null> {
  const seats = part === 'escrow' ? [0, 1] : [seatNo];
  const [row] = await database.rows<{ provider_id: string | null }>(
    sql`select provider_id from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} and kind = 'charge' and part = ${part} and seat_no in ${seats}
        order by seat_no limit 1`,
    tx,
  );
  return row ?? null;
}
