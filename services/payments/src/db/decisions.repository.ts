import { sql, type Database, type Executor } from '@brigade/kit';
import type { Decision } from '../domain/decision';

export interface DecisionRow {
  job_id: string;
  kind: Decision['kind'];
  reason: string;
  chef_id: string | null;
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number;
  decided_at: Date | string;
}

/** Record the job's decision; false when the job already has one (one decision per job, first wins). */
export async function insertDecision(
  database: Database,
  tx: Executor,
  jobId: string,
  d: Decision,
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.decisions (job_id, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents)
        values (${jobId}, ${d.kind}, ${d.reason}, ${d.chefId}, ${d.chefPay}, ${d.fee}, ${d.refund})
        on conflict (job_id) do nothing returning job_id`,
    tx,
  );
  return rows.length > 0;
}

export async function findDecision(
  database: Database,
  jobId: string,
  tx?: Executor,
): Promise<DecisionRow | null> {
  const [row] = await database.rows<DecisionRow>(
    sql`select job_id, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents, decided_at
        from ${sql.raw(database.schema)}.decisions where job_id = ${jobId}`,
    tx,
  );
  return row
    ? {
        ...row,
        chef_pay_cents: Number(row.chef_pay_cents),
        fee_cents: Number(row.fee_cents),
        refund_cents: Number(row.refund_cents),
      }
    : null;
}
