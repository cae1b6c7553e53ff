import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '@brigade/kit';
import { phoneTexts, users } from './schema';

/** The database's clock, so that every instance counts the same window. */
const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** Whether another account has verified this phone number (E.164). */
export async function phoneVerifiedByAnother(
  executor: Executor,
  phone: string,
  exceptUserId?: string,
): Promise<boolean> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phone, phone),
        eq(users.phoneVerified, true),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Count a verification text to `phone` for an account, unless the phone already had `limit` texts in the last
 * `windowSeconds` (whichever accounts asked). One transaction per phone at a time (advisory lock), so
 * concurrent sign-ups on several instances cannot both take the last text. False when the limit is reached.
 */
export async function reservePhoneText(
  database: Database,
  text: { phone: string; userId: string; purpose?: 'verify' | 'reset' },
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity.phone_texts:${text.phone}`}))`);
    // Rows older than a day have served their purpose (the window, the code's lifetime).
    await tx
      .delete(phoneTexts)
      .where(and(eq(phoneTexts.phone, text.phone), lt(phoneTexts.sentAt, secondsAgo(86_400))));
    const [sent] = await tx
      .select({ n: count() })
      .from(phoneTexts)
      .where(and(eq(phoneTexts.phone, text.phone), gt(phoneTexts.sentAt, secondsAgo(windowSeconds))));
    if (Number(sent?.n ?? 0) >= limit) return false;
    await tx
      .insert(phoneTexts)
      .values({ phone: text.phone, userId: text.userId, purpose: text.purpose ?? 'verify' });
    return true;
  });
}

/**
 * Whether this account asked for a verification code to this phone in the last `seconds` (a code it could
 * hold). A password reset's text does not count: its code is for the reset.
 */
export async function askedForCode(
  database: Database,
  text: { phone: string; userId: string },
  seconds: number,
): Promise<boolean> {
  const rows = await database.db
    .select({ id: phoneTexts.id })
    .from(phoneTexts)
    .where(
      and(
        eq(phoneTexts.phone, text.phone),
        eq(phoneTexts.userId, text.userId),
        eq(phoneTexts.purpose, 'verify'),
        gt(phoneTexts.sentAt, secondsAgo(seconds)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
