import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '@brigade/kit';
import { passwordResets } from './schema';

/** The database's clock, so that every instance counts the same window. */
const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/**
 * Keep a forgot-password request under its lookup (with the account texted, when one matched), unless that
 * lookup already made `limit` requests in the last `windowSeconds`. One transaction per lookup at a time
 * (advisory lock), so instances racing cannot both take the last request. False when the limit is reached.
 */
export async function recordResetRequest(
  database: Database,
  request: { lookup: string; userId: string | null; phone: string | null },
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`identity.password_resets:${request.lookup}`}))`,
    );
    // Requests older than a day have served their purpose (the window, the code's lifetime).
    await tx
      .delete(passwordResets)
      .where(
        and(eq(passwordResets.lookup, request.lookup), lt(passwordResets.requestedAt, secondsAgo(86_400))),
      );
    const [made] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.lookup, request.lookup),
          gt(passwordResets.requestedAt, secondsAgo(windowSeconds)),
        ),
      );
    if (Number(made?.n ?? 0) >= limit) return false;
    await tx.insert(passwordResets).values(request);
    return true;
  });
}

/** The newest unused request of a lookup made in the last `seconds` (a code's lifetime), locked; else undefined. */
export async function lockLatestReset(
  tx: Executor,
  lookup: string,
  seconds: number,
): Promise<PasswordResetRow | undefined> {
  const [row] = await tx
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.lookup, lookup),
        isNull(passwordResets.usedAt),
        gt(passwordResets.requestedAt, secondsAgo(seconds)),
      ),
    )
    .orderBy(desc(passwordResets.requestedAt), desc(passwordResets.id))
    .limit(1)
    .for('update');
  return row;
}

/** One more code tried against a request. */
export async function countResetAttempt(tx: Executor, id: number) {
  await tx
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(eq(passwordResets.id, id));
}

/** Every open request of an account is used up (its password was just reset). */
export async function useUpResets(tx: Executor, userId: string) {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
