import { sql, type Database, type Executor } from '@brigade/kit';

// Issue 38 (ADR 0035): card disputes as the provider reported them (payments.card_disputes, one per dispute id).

export interface CardDisputeRow {
  id: string;
  job_id: string;
  restaurant_id: string;
  charge_id: string;
  payment_intent_id: string | null;
  amount_cents: number;
  reason: string;
  status: string;
  evidence_due_by: Date | string | null;
  submitted_at: Date | string | null;
  submitted_by: string | null;
  accepted_at: Date | string | null;
  accepted_by: string | null;
  closed_at: Date | string | null;
  outcome: 'won' | 'lost' | null;
  restaurant_flagged: boolean;
  settle_payment_intent_id: string | null;
  settled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const s = (database: Database) => sql.raw(database.schema);
const normalize = (r: CardDisputeRow): CardDisputeRow => ({ ...r, amount_cents: Number(r.amount_cents) });

export async function findCardDispute(
  database: Database,
  id: string,
  executor?: Executor,
  lock = false,
): Promise<CardDisputeRow | null> {
  const rows = await database.rows<CardDisputeRow>(
    sql`select * from ${s(database)}.card_disputes where id = ${id}${lock ? sql` for update` : sql``}`,
    executor,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

export async function findCardDisputeBySettleIntent(
  database: Database,
  paymentIntentId: string,
  executor?: Executor,
): Promise<CardDisputeRow | null> {
  const rows = await database.rows<CardDisputeRow>(
    sql`select * from ${s(database)}.card_disputes where settle_payment_intent_id = ${paymentIntentId} for update`,
    executor,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

/**
 * The job a disputed charge belongs to, by payments' own records only: the escrow's PaymentIntent, a timesheet
 * extra's, an edit's or a tip's, or a charge the ledger booked (its provider id); with what the job was charged
 * (every charge but a dispute's settlement). Null: no charge of ours.
 */
export async function jobOfDisputedCharge(
  database: Database,
  tx: Executor,
  paymentIntentId: string | null,
  chargeId: string,
): Promise<{ job_id: string; restaurant_id: string; title: string; charged_cents: number } | null> {
  const pi = paymentIntentId ?? '';
  const rows = await database.rows<{ job_id: string }>(
    sql`select job_id from ${s(database)}.job_payments where payment_intent_id = ${pi}
        union all select job_id from ${s(database)}.timesheet_settlements where extra_payment_intent_id = ${pi}
        union all select job_id from ${s(database)}.job_edits where payment_intent_id = ${pi}
        union all select job_id from ${s(database)}.tips where payment_intent_id = ${pi}
        union all select job_id from ${s(database)}.ledger_entries
                   where kind = 'charge' and part not like 'dispute:%' and job_id is not null
                     and provider_id in (${chargeId}, ${pi})
        limit 1`,
    tx,
  );
  if (!rows[0]) return null;
  const [job] = await database.rows<{
    job_id: string;
    restaurant_id: string;
    title: string;
    charged_cents: string | number;
  }>(
    sql`select j.job_id, j.restaurant_id, j.title,
               coalesce((select sum(e.amount_cents) from ${s(database)}.ledger_entries e
                          where e.job_id = j.job_id and e.kind = 'charge' and e.part not like 'dispute:%'), 0) as charged_cents
          from ${s(database)}.job_payments j where j.job_id = ${rows[0].job_id} for update of j`,
    tx,
  );
  return job ? { ...job, charged_cents: Number(job.charged_cents) } : null;
}

/** A dispute heard of for the first time: false when it is already recorded (a replay or a race). */
export async function insertCardDispute(
  database: Database,
  tx: Executor,
  row: Pick<
    CardDisputeRow,
    | 'id'
    | 'job_id'
    | 'restaurant_id'
    | 'charge_id'
    | 'payment_intent_id'
    | 'amount_cents'
    | 'reason'
    | 'status'
    | 'evidence_due_by'
  >,
): Promise<boolean> {
  const inserted = await database.rows(
    sql`insert into ${s(database)}.card_disputes
          (id, job_id, restaurant_id, charge_id, payment_intent_id, amount_cents, reason, status, evidence_due_by)
        values (${row.id}, ${row.job_id}, ${row.restaurant_id}, ${row.charge_id}, ${row.payment_intent_id},
                ${row.amount_cents}, ${row.reason}, ${row.status}, ${row.evidence_due_by})
        on conflict (id) do nothing returning id`,
    tx,
  );
  return inserted.length > 0;
}

/** The provider's status as it stands (never moved back from a decision to an open status). */
export async function setCardDisputeStatus(
  database: Database,
  tx: Executor,
  id: string,
  status: string,
  evidenceDueBy: Date | null,
) {
  await tx.execute(
    sql`update ${s(database)}.card_disputes
           set status = ${status}, evidence_due_by = coalesce(${evidenceDueBy}, evidence_due_by), updated_at = now()
         where id = ${id} and outcome is null`,
  );
}

/** The decision, once: false when it was already recorded. A lost one flags the restaurant until it settles. */
export async function closeCardDispute(
  database: Database,
  tx: Executor,
  id: string,
  outcome: 'won' | 'lost',
): Promise<boolean> {
  const rows = await database.rows(
    sql`update ${s(database)}.card_disputes
           set status = ${outcome}, outcome = ${outcome}, closed_at = now(), updated_at = now(),
               restaurant_flagged = ${outcome === 'lost'}
         where id = ${id} and outcome is null returning id`,
    tx,
  );
  return rows.length > 0;
}

export async function markCardDisputeSubmitted(
  database: Database,
  tx: Executor,
  id: string,
  operatorId: string,
  status: string,
) {
  await tx.execute(
    sql`update ${s(database)}.card_disputes
           set submitted_at = now(), submitted_by = ${operatorId}, updated_at = now(),
               status = case when outcome is null then ${status} else status end
         where id = ${id}`,
  );
}

export async function markCardDisputeAccepted(
  database: Database,
  tx: Executor,
  id: string,
  operatorId: string,
) {
  await tx.execute(
    sql`update ${s(database)}.card_disputes
           set accepted_at = now(), accepted_by = ${operatorId}, updated_at = now()
         where id = ${id}`,
  );
}

export async function saveSettleIntent(database: Database, id: string, paymentIntentId: string) {
  await database.db.execute(
    sql`update ${s(database)}.card_disputes set settle_payment_intent_id = ${paymentIntentId}, updated_at = now()
         where id = ${id} and settle_payment_intent_id is null`,
  );
}

/** Settled, once: false when it already was. The restaurant's flag lifts with it. */
export async function markCardDisputeSettled(database: Database, tx: Executor, id: string): Promise<boolean> {
  const rows = await database.rows(
    sql`update ${s(database)}.card_disputes
           set settled_at = now(), restaurant_flagged = false, updated_at = now()
         where id = ${id} and settled_at is null and outcome = 'lost' returning id`,
    tx,
  );
  return rows.length > 0;
}

/** The console's rows: with the job's title and the restaurant's name. */
export async function listCardDisputes(
  database: Database,
  filter: { id?: string; restaurantId?: string; jobId?: string } = {},
): Promise<Array<CardDisputeRow & { job_title: string; restaurant_name: string | null }>> {
  const rows = await database.rows<CardDisputeRow & { job_title: string; restaurant_name: string | null }>(
    sql`select d.*, j.title as job_title, n.name as restaurant_name
          from ${s(database)}.card_disputes d
          join ${s(database)}.job_payments j on j.job_id = d.job_id
          left join ${s(database)}.profile_names n on n.user_id = d.restaurant_id
         where (${filter.id ?? null}::text is null or d.id = ${filter.id ?? null}::text)
           and (${filter.restaurantId ?? null}::uuid is null or d.restaurant_id = ${filter.restaurantId ?? null}::uuid)
           and (${filter.jobId ?? null}::uuid is null or d.job_id = ${filter.jobId ?? null}::uuid)
         order by (d.outcome is null and d.status <> 'warning_closed') desc, d.evidence_due_by asc nulls last,
                  d.created_at desc`,
  );
  return rows.map((r) => ({ ...normalize(r), job_title: r.job_title, restaurant_name: r.restaurant_name }));
}

/** Every dispute with its ledger movements, for `ledger:check`. */
export async function cardDisputesWithLedger(database: Database) {
  const rows = await database.rows<{
    id: string;
    job_id: string;
    amount_cents: number;
    status: string;
    outcome: 'won' | 'lost' | null;
    settled_at: Date | string | null;
    withdrawn: string | number;
    won: string | number;
    lost: string | number;
    settled: string | number;
    entries_max: string | number;
  }>(
    sql`select d.id, d.job_id, d.amount_cents, d.status, d.outcome, d.settled_at,
               coalesce(sum(e.amount_cents) filter (where e.kind = 'dispute'), 0) as withdrawn,
               coalesce(sum(e.amount_cents) filter (where e.kind = 'dispute_won'), 0) as won,
               coalesce(sum(e.amount_cents) filter (where e.kind = 'dispute_lost'), 0) as lost,
               coalesce(sum(e.amount_cents) filter (where e.kind = 'charge'), 0) as settled,
               coalesce(max(c.n), 0) as entries_max
          from ${s(database)}.card_disputes d
          left join ${s(database)}.ledger_entries e on e.job_id = d.job_id and e.part = 'dispute:' || d.id
          left join lateral (select count(*) as n from ${s(database)}.ledger_entries x
                              where x.job_id = d.job_id and x.part = 'dispute:' || d.id
                              group by x.kind order by n desc limit 1) c on true
         group by d.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    job_id: r.job_id,
    amount_cents: Number(r.amount_cents),
    status: r.status,
    outcome: r.outcome,
    settled: r.settled_at !== null,
    ledger: {
      withdrawn: Number(r.withdrawn),
      won: Number(r.won),
      lost: Number(r.lost),
      settled: Number(r.settled),
      entries_max: Number(r.entries_max),
    },
  }));
}

/** Ledger movements of dispute parts the card_disputes table does not know (booked outside the rules). */
export async function strayDisputeEntries(database: Database) {
  return database.rows<{ job_id: string; part: string }>(
    sql`select distinct e.job_id, e.part from ${s(database)}.ledger_entries e
         where e.part like 'dispute:%'
           and not exists (select 1 from ${s(database)}.card_disputes d where 'dispute:' || d.id = e.part)`,
  );
}
