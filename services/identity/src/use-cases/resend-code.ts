import type { UserRow } from '../db/schema';
import { findUser } from '../db/users.repository';
import { phoneVerifiedByAnother } from '../db/phones.repository';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';
import { sendCode } from './send-code';

/** The signed-in account, when `phone` (E.164) is its own number: codes are sent and checked for it only. */
export async function accountForPhone(ctx: IdentityContext, userId: string, phone: string): Promise<UserRow> {
  const user = await findUser(ctx.database.db, userId);
  if (!user) throw IdentityErrors.userNotFound();
  if (user.phone !== phone) throw IdentityErrors.notYourPhone();
  return user;
}

/**
 * Text a new code to the signed-in account's own phone. Nothing is sent for a phone that is verified already
 * (by this account or another one), and at most 5 texts per phone per hour leave (send-code).
 */
export async function resendCode(ctx: IdentityContext, userId: string, phone: string) {
  const user = await accountForPhone(ctx, userId, phone);
  if (user.phoneVerified) throw IdentityErrors.alreadyVerified();
  if (await phoneVerifiedByAnother(ctx.database.db, phone, user.id)) throw IdentityErrors.phoneTaken();
  await sendCode(ctx, user);
  return { message: 'Verification code sent' };
}
