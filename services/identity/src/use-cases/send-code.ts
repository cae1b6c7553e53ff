import type { UserRow } from '../db/schema';
import { reservePhoneText } from '../db/phones.repository';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';

/** Texts to one phone number per hour, whichever account, email or address asks (on top of the gateway's limits). */
export const PHONE_TEXTS_PER_HOUR = 5;

/**
 * Text a verification code to the account's phone, for that account. At most PHONE_TEXTS_PER_HOUR texts per
 * phone (429 IDENTITY.TOO_MANY_CODES), counted in identity's database so the limit holds across instances.
 * A text the provider failed on still counts: a time-out may have sent it, and the account did ask.
 */
export async function sendCode(
  ctx: IdentityContext,
  user: Pick<UserRow, 'id' | 'phone' | 'languagePreference'>,
) {
  const text = { phone: user.phone, userId: user.id };
  if (!(await reservePhoneText(ctx.database, text, PHONE_TEXTS_PER_HOUR, 3600)))
    throw IdentityErrors.tooManyCodes();
  await ctx.verifier.send({ phone: user.phone, accountId: user.id }, user.languagePreference);
}
