import { sql, type Database, type Executor } from '@brigade/kit';
import type { PaymentStatus } from '../domain/payment-status';

export interface JobPaymentRow {
  job_id: string;
  restaurant_id: string;
  title: string;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  status: PaymentStatus;
  payment_intent_id: string | null;
  client_secret: string | null;
  failed_attempts: number;
  last_error_code: string | null;
  last_decline_code: string | null;
  last_error_message: string | null;
  chef_id: string | null;
  cancelled_at: Date | string | null;
}

export async function findJob(
  database: Database,
  jobId: string,
  executor?: Executor,
  lock = false,
): Promise<JobPaymentRow | null> {
  const rows = await database.rows<JobPaymentRow>(
    sql`select * from ${sql.raw(database.schema)}.job_payments where job_id = ${jobId}${lock ? sql` for update` : sql``}`,
    executor,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

export async function findJobByIntent(
  database: Database,
  paymentIntentId: string,
  executor?: Executor,
): Promise<JobPaymentRow | null> {
  const rows = await database.rows<JobPaymentRow>(
    sql`select * from ${sql.raw(database.schema)}.job_payments where payment_intent_id = ${paymentIntentId} for update`,
    executor,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

function normalize(row: JobPaymentRow): JobPaymentRow {
  return {
    ...row,
    subtotal_cents: Number(row.subtotal_cents),
    fee_cents: Number(row.fee_cents),
    total_cents: Number(row.total_cents),
    failed_attempts: Number(row.failed_attempts),
  };
}

export async function setStatus(
  database: Database,
  tx: Executor,
  jobId: string,
  status: PaymentStatus,
  extra = sql``,
) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.job_payments set status = ${status}, updated_at = now()${extra} where job_id = ${jobId}`,
  );
}
