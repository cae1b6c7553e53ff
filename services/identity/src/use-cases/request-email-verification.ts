import { randomUUID } from 'node:crypto';
import { inTransaction, type Executor } from '@brigade/kit';
import {
  insertEmailVerification,
  linkAskedSince,
  lockAccountLinks,
} from '../db/email-verifications.repository';
import { lockUser } from '../db/users.repository';
import { EMAIL_LINK_INTERVAL_SECONDS, emailToken, emailTokenHash } from '../domain/email-verification';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';

export const LINK_REQUESTED = { message: 'We are sending a new link to your email.' };

/**
 * Issue 40: keep a verification link for the account's current email, in the caller's transaction; its mail goes
 * out after the commit (the email loop: `sendNextVerificationMail`), never inside it, and never lost to a crash.
 */
export async function addEmailLink(ctx: IdentityContext, tx: Executor, user: { id: string; email: string }) {
  const id = randomUUID();
  const now = ctx.now();
  await insertEmailVerification(tx, {
    id,
    userId: user.id,
    email: user.email,
    tokenHash: emailTokenHash(emailToken(ctx.emailTokenKey, id)),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.EMAIL_VERIFY_TTL),
  });
}

/**
 * `POST /auth/email/verify-request`: a new link for the signed-in account. Already verified: 409
 * IDENTITY.EMAIL_ALREADY_VERIFIED; a link asked for less than a minute ago: 429 IDENTITY.TOO_MANY_EMAILS.
 */
export async function requestEmailVerification(ctx: IdentityContext, userId: string) {
  await inTransaction(ctx, async (tx) => {
    await lockAccountLinks(tx, userId);
    const user = await lockUser(tx, userId, 'share');
    if (!user) throw IdentityErrors.userNotFound();
    if (user.emailVerifiedAt) throw IdentityErrors.emailAlreadyVerified();
    const since = new Date(ctx.now().getTime() - EMAIL_LINK_INTERVAL_SECONDS * 1000);
    if (await linkAskedSince(tx, userId, since)) throw IdentityErrors.tooManyEmails();
    await addEmailLink(ctx, tx, user);
  });
  ctx.kickEmail();
  return LINK_REQUESTED;
}
