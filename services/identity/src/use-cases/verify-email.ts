import { appendEvent, inTransaction } from '@brigade/kit';
import { lockLinkByHash, markEmailVerified, useAccountLinks } from '../db/email-verifications.repository';
import { isMemberRow } from '../domain/accounts';
import { emailTokenHash, linkState } from '../domain/email-verification';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';

/**
 * Issue 40, `GET /auth/email/verify?token=`: the link confirms the email it was sent to, once. A token that is
 * not ours, or for an address the account no longer has: 400 IDENTITY.EMAIL_TOKEN_INVALID; used: EMAIL_TOKEN_USED;
 * past EMAIL_VERIFY_TTL: EMAIL_TOKEN_EXPIRED; nothing changes then. Verifying uses up the account's other links,
 * and tells the other services (`identity.user.updated.v1` with `email_verified`).
 */
export async function verifyEmail(ctx: IdentityContext, token: string) {
  const now = ctx.now();
  const email = await inTransaction(ctx, async (tx) => {
    const found = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await lockLinkByHash(tx, emailTokenHash(token))
      : undefined;
    const state = linkState(found?.link, found?.accountEmail, now);
    if (state === 'invalid') throw IdentityErrors.emailTokenInvalid();
    if (state === 'used') throw IdentityErrors.emailTokenUsed();
    if (state === 'expired') throw IdentityErrors.emailTokenExpired();
    const { link } = found!;
    await useAccountLinks(tx, link.userId, now);
    const user = await markEmailVerified(tx, link.userId, link.email, now);
    if (!user) throw IdentityErrors.emailTokenInvalid(); // the email changed meanwhile
    // Operators are not members: the other services keep no record of them.
    if (isMemberRow(user))
      await appendEvent(ctx.database, tx, 'identity.user.updated.v1', {
        user_id: user.id,
        phone: user.phone,
        phone_verified: user.phoneVerified,
        user_type: user.userType,
        language_preference: user.languagePreference,
        email: user.email,
        email_verified: true,
      });
    return user.email;
  });
  return { message: 'Email verified', email };
}
