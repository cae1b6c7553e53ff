import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import type { UserRow } from '../db/schema';
import { findMemberByVerifiedPhone, findUserByEmail } from '../db/users.repository';
import { recordResetRequest } from '../db/password-resets.repository';
import { reservePhoneText } from '../db/phones.repository';
import { isMemberRow } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import { RESET_REQUESTS_PER_HOUR, resetLookup } from '../domain/password-reset';
import type { IdentityContext } from '../context';
import { PHONE_TEXTS_PER_HOUR } from './send-code';

type ForgotPasswordRequest = z.infer<typeof identityHttp.ForgotPasswordRequest>;

/** The one answer to every forgot-password request that is within its limit. */
export const RESET_REQUESTED = {
  message:
    'If an account has this phone number or email and a verified phone, we texted a 6-digit code to it.',
};

/**
 * "Forgot password?" (issue 32): a chef or restaurant named by its phone or its email, with a verified phone and
 * not suspended, is texted a code (Twilio Verify's) to that phone. Everyone gets the same answer in the same
 * time: each request is kept and counted under what was asked for (5 an hour: 429 IDENTITY.TOO_MANY_RESETS)
 * whether or not an account matched, and the text goes out after the answer. Operators (no phone) are never
 * texted. The text counts in the phone's 5 texts an hour; past them, nothing more is sent that hour.
 */
export async function requestPasswordReset(ctx: IdentityContext, input: ForgotPasswordRequest) {
  const found = input.phone
    ? await findMemberByVerifiedPhone(ctx.database.db, input.phone)
    : await findUserByEmail(ctx.database.db, input.email!);
  const account = found && canReset(found) ? found : null;
  const allowed = await recordResetRequest(
    ctx.database,
    { lookup: resetLookup(input), userId: account?.id ?? null, phone: account?.phone ?? null },
    RESET_REQUESTS_PER_HOUR,
    3600,
  );
  if (!allowed) throw IdentityErrors.tooManyResets();
  if (account) ctx.afterAnswer.run('password reset code', () => textResetCode(ctx, account));
  return RESET_REQUESTED;
}

/** A chef or restaurant with a verified phone, not suspended (a suspended account cannot sign in anyway). */
function canReset(user: UserRow): boolean {
  return isMemberRow(user) && user.phoneVerified && !user.suspendedAt;
}

async function textResetCode(ctx: IdentityContext, account: UserRow) {
  const text = { phone: account.phone, userId: account.id, purpose: 'reset' as const };
  if (!(await reservePhoneText(ctx.database, text, PHONE_TEXTS_PER_HOUR, 3600))) {
    ctx.logger.warn(
      { user: account.id },
      'password reset code not sent: the phone had its texts for the hour',
    );
    return;
  }
  await ctx.verifier.send({ phone: account.phone, accountId: account.id }, account.languagePreference);
}
