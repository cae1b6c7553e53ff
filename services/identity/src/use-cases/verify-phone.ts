import { and, eq } from 'drizzle-orm';
import { appendEvent } from '@brigade/kit';
import { users } from '../db/schema';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';

/** Check the SMS code; on success every account on that phone (usually one) is marked verified. */
export async function verifyPhone(ctx: IdentityContext, phone: string, code: string) {
  const result = await ctx.verifier.check(phone, code);
  if (result === 'too_many_attempts') throw IdentityErrors.tooManyAttempts();
  if (result === 'expired') throw IdentityErrors.codeExpired();
  if (result !== 'approved') throw IdentityErrors.wrongCode();
  await ctx.database.transaction(async (tx) => {
    const verified = await tx
      .update(users)
      .set({ phoneVerified: true, updatedAt: new Date() })
      .where(and(eq(users.phone, phone), eq(users.phoneVerified, false)))
      .returning();
    for (const user of verified) {
      await appendEvent(ctx.database, tx, 'identity.user.updated.v1', {
        user_id: user.id,
        phone: user.phone,
        phone_verified: true,
        user_type: user.userType,
        language_preference: user.languagePreference,
      });
    }
  });
  ctx.relay.kick();
  return { message: 'Phone verified successfully' };
}
