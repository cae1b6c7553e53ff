import { sql, type Database, type Executor } from '@brigade/kit';

export type LedgerKind = 'charge' | 'fee' | 'transfer' | 'refund';

/** Write one movement to the job's ledger (the unique (job, kind) index refuses a second of a kind). */
export async function insertLedgerEntry(
  database: Database,
  tx: Executor,
  entry: { job_id: string; kind: LedgerKind; amount_cents: number; provider_id: string | null },
) {
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.ledger_entries (job_id, kind, amount_cents, provider_id, idempotency_key)
        values (${entry.job_id}, ${entry.kind}, ${entry.amount_cents}, ${entry.provider_id}, ${`job:${entry.job_id}:${entry.kind}`})`,
  );
}

/** Every movement of a job's money, oldest first. */
export async function ledgerEntries(
  database: Database,
  jobId: string,
): Promise<
  Array<{ kind: LedgerKind; amount_cents: number; provider_id: string | null; created_at: Date | string }>
> {
  const rows = await database.rows<{
    kind: LedgerKind;
    amount_cents: number;
    provider_id: string | null;
    created_at: Date | string;
  }>(
    sql`select kind, amount_cents, provider_id, created_at from ${sql.raw(database.schema)}.ledger_entries
        where job_id = ${jobId} order by id`,
  );
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
}
