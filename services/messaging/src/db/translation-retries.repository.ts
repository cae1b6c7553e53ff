import { sql, type Database, type Executor, type Tx } from '@brigade/kit';

/** What waits for the machine: a message (key: its id) or another service's text (key: owner/kind/id). */
export type RetrySubject = 'message' | 'text';

export interface RetryRow {
  subject: RetrySubject;
  key: string;
  attempts: number;
}

/** Queue a translation for the retry loop, due at `dueAt`; a subject already queued keeps its place. */
export async function queueRetry(
  database: Database,
  tx: Tx,
  subject: RetrySubject,
  key: string,
  dueAt: Date,
  error: string,
): Promise<void> {
  await database.rows(
    sql`insert into messaging.translation_retries (subject, key, attempts, next_attempt_at, last_error)
        values (${subject}, ${key}, 1, ${dueAt.toISOString()}, ${error.slice(0, 500)})
        on conflict (subject, key) do nothing`,
    tx,
  );
}

/**
 * Take the next due translation for this instance: its next attempt is moved to `leaseUntil` in the same
 * statement, so another instance skips it, and a process that dies with it in hand leaves it due again then.
 */
export async function claimDueRetry(
  database: Database,
  now: Date,
  leaseUntil: Date,
): Promise<RetryRow | null> {
  const rows = await database.rows<RetryRow>(
    sql`update messaging.translation_retries r set next_attempt_at = ${leaseUntil.toISOString()}
        where (r.subject, r.key) = (
          select subject, key from messaging.translation_retries
          where next_attempt_at <= ${now.toISOString()}
          order by next_attempt_at limit 1 for update skip locked)
        returning r.subject, r.key, r.attempts`,
  );
  return rows[0] ?? null;
}

/** The attempt failed again: the next one is due at `dueAt`. */
export async function postponeRetry(
  database: Database,
  row: { subject: RetrySubject; key: string },
  dueAt: Date,
  error: string,
): Promise<void> {
  await database.rows(
    sql`update messaging.translation_retries
           set attempts = attempts + 1, next_attempt_at = ${dueAt.toISOString()}, last_error = ${error.slice(0, 500)}
         where subject = ${row.subject} and key = ${row.key}`,
  );
}

/** The translation landed (or is not to be made after all): nothing waits for it any more. */
export async function dropRetry(
  database: Database,
  tx: Executor | undefined,
  subject: RetrySubject,
  key: string,
) {
  await database.rows(
    sql`delete from messaging.translation_retries where subject = ${subject} and key = ${key}`,
    tx,
  );
}

/** Whether any translation is due (the retry loop's idle check: one prepared question). */
export async function retryDue(database: Database, now: Date): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from messaging.translation_retries where next_attempt_at <= ${now.toISOString()} limit 1`,
    undefined,
    { prepared: true },
  );
  return rows.length > 0;
}
