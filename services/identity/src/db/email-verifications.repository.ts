import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@brigade/kit';
import { emailVerifications, users } from './schema';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

const secondsAhead = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** One account's links at a time (two requests at once cannot both pass the minute's limit). */
export async function lockAccountLinks(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity.email_verifications:${userId}`}))`);
}

/** Whether the account asked for a link after `since` (by the service's clock, as links are kept). */
export async function linkAskedSince(tx: Executor, userId: string, since: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), gt(emailVerifications.createdAt, since)))
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return rows.length > 0;
}

export async function insertEmailVerification(
  tx: Executor,
  link: { id: string; userId: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await tx.insert(emailVerifications).values(link);
}

/** The link with this token's hash, locked until the transaction ends, and its account's current email. */
export async function lockLinkByHash(tx: Executor, tokenHash: string) {
  const [link] = await tx
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.tokenHash, tokenHash))
    .for('update');
  if (!link) return undefined;
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
  return { link, accountEmail: account?.email };
}

/** The account's links not used yet are used up (the one that verified, and any older one). */
export async function useAccountLinks(tx: Executor, userId: string, at: Date) {
  await tx
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}

/** The account's email is verified, if it is still `email`; the row, or undefined. */
export async function markEmailVerified(tx: Executor, userId: string, email: string, at: Date) {
  const [row] = await tx
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning();
  return row;
}

/**
 * Claim the next verification mail due (oldest first), skipping those another instance holds: its attempt is
 * counted and it is held for `leaseSeconds` (if this instance dies mid-send, another sends it after that).
 * Committed before the mail is sent. With the account's language and current email.
 */
export async function claimDueMail(database: Database, leaseSeconds: number) {
  return database.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: emailVerifications.id })
      .from(emailVerifications)
      .where(
        and(
          isNull(emailVerifications.sentAt),
          isNull(emailVerifications.failedAt),
          sql`${emailVerifications.nextAttemptAt} <= now()`,
        ),
      )
      .orderBy(emailVerifications.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [link] = await tx
      .update(emailVerifications)
      .set({ attempts: sql`${emailVerifications.attempts} + 1`, nextAttemptAt: secondsAhead(leaseSeconds) })
      .where(eq(emailVerifications.id, due.id))
      .returning();
    const [account] = await tx
      .select({
        email: users.email,
        language: users.languagePreference,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(users.id, link.userId));
    return { link, account };
  });
}

/** Whether any verification mail is due (the loop's idle check). */
export async function mailDue(database: Database): Promise<boolean> {
  const rows = await database.db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(
      and(
        isNull(emailVerifications.sentAt),
        isNull(emailVerifications.failedAt),
        sql`${emailVerifications.nextAttemptAt} <= now()`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function markMailSent(db: Executor, id: string, messageId: string) {
  await db
    .update(emailVerifications)
    .set({ sentAt: sql`now()`, messageId, lastError: null })
    .where(eq(emailVerifications.id, id));
}

/** A failed attempt: tried again after `retryInSeconds`, or (null) given up for good. */
export async function markMailFailed(db: Executor, id: string, error: string, retryInSeconds: number | null) {
  await db
    .update(emailVerifications)
    .set(
      retryInSeconds === null
        ? { failedAt: sql`now()`, lastError: error.slice(0, 500) }
        : { nextAttemptAt: secondsAhead(retryInSeconds), lastError: error.slice(0, 500) },
    )
    .where(eq(emailVerifications.id, id));
}
