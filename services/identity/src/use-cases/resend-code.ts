import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { IdentityContext } from '../context';

/** Send a new code to a phone that belongs to an unverified account. The answer is the same either way. */
export async function resendCode(ctx: IdentityContext, phone: string) {
  const [user] = await ctx.database.db
    .select({ language: users.languagePreference })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, false)))
    .limit(1);
  if (user) await ctx.verifier.send(phone, user.language);
  return { message: 'Verification code sent' };
}
