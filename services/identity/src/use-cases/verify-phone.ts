import { appendEvent, isUniqueViolation, inTransaction } from '@brigade/kit';
import { markPhoneVerified } from '../db/users.repository';
import { askedForCode, phoneVerifiedByAnother } from '../db/phones.repository';
import { isMemberRow } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';
import { accountForPhone } from './resend-code';

const VERIFIED = { message: 'Phone verified successfully' };

/**
 * The signed-in account checks the code texted to its own phone. Only that account becomes verified, and
 * only when no other account holds the number verified (409 IDENTITY.PHONE_TAKEN; a partial unique index has
 * the last word when two accounts verify at once). Its next access token carries the verified phone.
 */
export async function verifyPhone(ctx: IdentityContext, userId: string, phone: string, code: string) {
  const user = await accountForPhone(ctx, userId, phone);
  if (user.phoneVerified) return VERIFIED;
  if (await phoneVerifiedByAnother(ctx.database.db, phone, user.id)) throw IdentityErrors.phoneTaken();
  // Twilio keys codes by phone: a code reaches an account only if that account asked for one.
  const owner = { phone, userId: user.id };
  if (!(await askedForCode(ctx.database, owner, ctx.config.VERIFICATION_CODE_TTL_SECONDS)))
    throw IdentityErrors.noCode();
  const result = await ctx.verifier.check({ phone, accountId: user.id }, code);
  if (result === 'too_many_attempts') throw IdentityErrors.tooManyAttempts();
  if (result === 'expired') throw IdentityErrors.codeExpired();
  if (result !== 'approved') throw IdentityErrors.wrongCode();
  try {
    await inTransaction(ctx, async (tx) => {
      const verified = await markPhoneVerified(tx, user.id, phone);
      // verified meanwhile by the same account (another tab); operators never reach here (members-only route)
      if (!verified || !isMemberRow(verified)) return;
      await appendEvent(ctx.database, tx, 'identity.user.updated.v1', {
        user_id: verified.id,
        phone: verified.phone,
        phone_verified: true,
        user_type: verified.userType,
        language_preference: verified.languagePreference,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw IdentityErrors.phoneTaken();
    throw err;
  }
  return VERIFIED;
}
