import { sql, type Database, type Executor } from '@brigade/kit';
import type { Decision } from '../domain/decision';

export interface DecisionRow {
  job_id: string;
  /** the seat whose share it moves (issue 35): 1 for every job before seats */
  seat_no: number;
  kind: Decision['kind'];
  reason: string;
  chef_id: string | null;
  chef_pay_cents: number;
  fee_cents: number;
  refund_cents: number;
  decided_at: Date | string;
}

/**
 * Record a seat's decision; false when the seat already has one (one decision per seat, first wins: the primary
 * key (job_id, seat_no), migration 0012).
 */
export async function insertDecision(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  d: Decision,
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.decisions (job_id, seat_no, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents)
        values (${jobId}, ${seatNo}, ${d.kind}, ${d.reason}, ${d.chefId}, ${d.chefPay}, ${d.fee}, ${d.refund})
        on conflict (job_id, seat_no) do nothing returning job_id`,
    tx,
  );
  return rows.length > 0;
}

const normalise = (row: DecisionRow): DecisionRow => ({
  ...row,
  seat_no: Number(row.seat_no),
  chef_pay_cents: Number(row.chef_pay_cents),
  fee_cents: Number(row.fee_cents),
  refund_cents: Number(row.refund_cents),
});

/** Every seat's decision of a job, by seat (issue 35). */
export async function decisionsOfJob(
  database: Database,
  jobId: string,
  tx?: Executor,
): Promise<DecisionRow[]> {
  const rows = await database.rows<DecisionRow>(
    sql`select job_id, seat_no, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents, decided_at
        from ${sql.raw(database.schema)}.decisions where job_id = ${jobId} order by seat_no`,
    tx,
  );
  return rows.map(normalise);
}

export async function findDecision(
  database: Database,
  jobId: string,
  seatNo: number,
  tx?: Executor,
): Promise<DecisionRow | null> {
  const [row] = await database.rows<DecisionRow>(
    sql`select job_id, seat_no, kind, reason, chef_id, chef_pay_cents, fee_cents, refund_cents, decided_at
        from ${sql.raw(database.schema)}.decisions where job_id = ${jobId} and seat_no = ${seatNo}`,
    tx,
  );
  return row ? normalise(row) : null;
}
