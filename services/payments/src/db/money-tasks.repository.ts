import { sql, type Database, type Executor } from '@brigade/kit';

export interface MoneyTaskRow {
  id: string;
  job_id: string;
  kind: 'transfer' | 'refund';
  reason: string;
  amount_cents: number;
  destination_user_id: string | null;
  status: 'pending' | 'done' | 'blocked';
}

/** The money task payments issued for a job (one per job and kind), or null. */
export async function findTask(
  database: Database,
  tx: Executor,
  jobId: string,
  kind: MoneyTaskRow['kind'],
): Promise<MoneyTaskRow | null> {
  const [row] = await database.rows<MoneyTaskRow>(
    sql`select id, job_id, kind, reason, amount_cents, destination_user_id, status
        from ${sql.raw(database.schema)}.money_tasks where job_id = ${jobId} and kind = ${kind}`,
    tx,
  );
  return row ? { ...row, amount_cents: Number(row.amount_cents) } : null;
}

/** The provider id of the job's ledger entry of a kind (charge, transfer, refund), or null when none. */
export async function ledgerEntryId(
  database: Database,
  jobId: string,
  kind: 'charge' | 'transfer' | 'refund',
  tx?: Executor,
): Promise<{ provider_id: string | null } | null> {
  const [row] = await database.rows<{ provider_id: string | null }>(
    sql`select provider_id from ${sql.raw(database.schema)}.ledger_entries where job_id = ${jobId} and kind = ${kind}`,
    tx,
  );
  return row ?? null;
}

export async function payoutAccountOf(
  database: Database,
  userId: string,
  tx?: Executor,
): Promise<{ account_id: string; payouts_enabled: boolean } | null> {
  const [row] = await database.rows<{ account_id: string; payouts_enabled: boolean }>(
    sql`select account_id, payouts_enabled from ${sql.raw(database.schema)}.connected_accounts where user_id = ${userId}`,
    tx,
  );
  return row ?? null;
}
