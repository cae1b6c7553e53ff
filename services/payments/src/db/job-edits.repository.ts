import { sql, type Database, type Executor } from '@brigade/kit';
import type { PostingShape } from '@brigade/contracts';

// The edits payments heard of (issue 35, ADR 0031, migration 0013): the shapes, the charge of a rise and its fate.

export interface JobEditRow {
  edit_id: string;
  job_id: string;
  seq: number;
  before: PostingShape;
  after: PostingShape;
  charge_cents: number;
  charge_status: 'none' | 'pending' | 'collected' | 'failed';
  payment_intent_id: string | null;
  charge_provider_id: string | null;
  failure_code: string | null;
  applied_at: Date | string | null;
  dropped_at: Date | string | null;
}

const s = (database: Database) => sql.raw(database.schema);
const normalize = (row: JobEditRow): JobEditRow => ({
  ...row,
  seq: Number(row.seq),
  charge_cents: Number(row.charge_cents),
});

/** Record an edit once (a redelivery adds none): true when this call recorded it. */
export async function insertEdit(
  database: Database,
  tx: Executor,
  edit: Pick<JobEditRow, 'edit_id' | 'job_id' | 'before' | 'after' | 'charge_cents' | 'charge_status'>,
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${s(database)}.job_edits (edit_id, job_id, before, after, charge_cents, charge_status)
        values (${edit.edit_id}, ${edit.job_id}, ${JSON.stringify(edit.before)}::jsonb, ${JSON.stringify(edit.after)}::jsonb,
                ${edit.charge_cents}, ${edit.charge_status})
        on conflict (edit_id) do nothing returning edit_id`,
    tx,
  );
  return rows.length > 0;
}

export async function findEdit(
  database: Database,
  editId: string,
  tx?: Executor,
  lock = false,
): Promise<JobEditRow | null> {
  const [row] = await database.rows<JobEditRow>(
    sql`select * from ${s(database)}.job_edits where edit_id = ${editId}${lock ? sql` for update` : sql``}`,
    tx,
  );
  return row ? normalize(row) : null;
}

/** The edit whose off-session charge this PaymentIntent is, or null. */
export async function findEditByIntent(
  database: Database,
  paymentIntentId: string,
  tx?: Executor,
): Promise<JobEditRow | null> {
  const [row] = await database.rows<JobEditRow>(
    sql`select * from ${s(database)}.job_edits where payment_intent_id = ${paymentIntentId} for update`,
    tx,
  );
  return row ? normalize(row) : null;
}

/** The job's collected edit charges, in the order the edits were asked for. */
export async function collectedEditCharges(
  database: Database,
  jobId: string,
  tx?: Executor,
): Promise<JobEditRow[]> {
  const rows = await database.rows<JobEditRow>(
    sql`select * from ${s(database)}.job_edits where job_id = ${jobId} and charge_status = 'collected'
        order by seq`,
    tx,
  );
  return rows.map(normalize);
}

export async function markEditCollected(
  database: Database,
  tx: Executor,
  editId: string,
  pi: { payment_intent_id: string; charge_provider_id: string },
) {
  await tx.execute(
    sql`update ${s(database)}.job_edits set charge_status = 'collected', collected_at = now(),
          payment_intent_id = ${pi.payment_intent_id}, charge_provider_id = ${pi.charge_provider_id}
        where edit_id = ${editId}`,
  );
}

export async function markEditFailed(
  database: Database,
  tx: Executor,
  editId: string,
  f: { payment_intent_id: string | null; code: string | null },
) {
  await tx.execute(
    sql`update ${s(database)}.job_edits set charge_status = 'failed', failure_code = ${f.code},
          payment_intent_id = coalesce(payment_intent_id, ${f.payment_intent_id})
        where edit_id = ${editId}`,
  );
}

export async function markEditApplied(database: Database, tx: Executor, editId: string) {
  await tx.execute(
    sql`update ${s(database)}.job_edits set applied_at = coalesce(applied_at, now()) where edit_id = ${editId}`,
  );
}

export async function markEditDropped(database: Database, tx: Executor, editId: string) {
  await tx.execute(
    sql`update ${s(database)}.job_edits set dropped_at = coalesce(dropped_at, now()) where edit_id = ${editId}`,
  );
}
