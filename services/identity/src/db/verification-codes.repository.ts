import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@brigade/kit';
import { sandboxSms, verificationCodes } from './schema';

/** An account's pending code on a phone (the sandbox verifier keeps one per account). */
export interface CodeKey {
  accountId: string;
  phone: string;
}

export type PendingCode = typeof verificationCodes.$inferSelect;

const mine = ({ accountId, phone }: CodeKey) =>
  and(eq(verificationCodes.userId, accountId), eq(verificationCodes.phone, phone));

/** Replace the account's pending code and record the text in the dev outbox, in one transaction. */
export async function replacePendingCode(
  database: Database,
  accountId: string,
  pending: { phone: string; codeHash: string; expiresAt: Date; failedAttempts: number },
  text: string,
) {
  await database.transaction(async (tx) => {
    await tx
      .insert(verificationCodes)
      .values({ userId: accountId, ...pending })
      .onConflictDoUpdate({ target: verificationCodes.userId, set: { ...pending, createdAt: new Date() } });
    await tx.insert(sandboxSms).values({ toPhone: pending.phone, body: text } as any);
  });
}

/** The account's pending code on this phone, locked until the transaction ends. */
export async function lockPendingCode(tx: Executor, key: CodeKey): Promise<PendingCode | undefined> {
  const [row] = await tx.select().from(verificationCodes).where(mine(key)).for('update');
  return row;
}

/** Count one wrong try against the pending code. */
export async function countWrongTry(tx: Executor, key: CodeKey) {
  await tx
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(mine(key));
}

/** The code was used: it is gone. */
export async function deletePendingCode(tx: Executor, key: CodeKey) {
  await tx.delete(verificationCodes).where(mine(key));
}

/** The newest texts of the dev outbox. */
export async function sandboxOutbox(database: Database, limit: number) {
  return database.rows<{ to_phone: string; body: string; sent_at: Date }>(
    sql`select to_phone, body, sent_at from identity.sandbox_sms order by id desc limit ${limit}`,
  );
}
