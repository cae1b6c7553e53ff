import { sql, type Database, type Executor } from '@brigade/kit';

/** Record a declined attempt once per failure key (the failed charge's id); false when it already was. */
export async function insertPaymentFailure(
  database: Database,
  tx: Executor,
  f: {
    failure_key: string;
    job_id: string;
    payment_intent_id: string;
    code: string | null;
    decline_code: string | null;
    message: string;
  },
): Promise<boolean> {
  const inserted = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.payment_failures (failure_key, job_id, payment_intent_id, code, decline_code, message)
        values (${f.failure_key}, ${f.job_id}, ${f.payment_intent_id}, ${f.code}, ${f.decline_code}, ${f.message})
        on conflict do nothing returning failure_key`,
    tx,
  );
  return inserted.length > 0;
}
