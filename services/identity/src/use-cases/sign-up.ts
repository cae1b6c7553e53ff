import { randomUUID } from 'node:crypto';
import { appendEvent, inTransaction } from '@brigade/kit';
import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { findUserByEmail, insertUser } from '../db/users.repository';
import { phoneVerifiedByAnother } from '../db/phones.repository';
import { IdentityErrors } from '../domain/errors';
import { hashPassword } from '../domain/passwords';
import { toUser } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { issueSession } from './sessions';
import { sendCode } from './send-code';
import { addEmailLink } from './request-email-verification';

type SignupRequest = z.infer<typeof identityHttp.SignupRequest>;

/**
 * Create the account, open its first session, publish user.registered, keep the email's verification link (its
 * mail goes out after the commit), then text the verification code.
 * A phone number another account has verified is refused (409 IDENTITY.PHONE_TAKEN). The account is created
 * even when no code could be sent (the phone used its texts for the hour, or the provider failed):
 * `code_sent` says so, and the verification screen can ask for a new code later.
 */
export async function signUp(ctx: IdentityContext, input: SignupRequest) {
  const passwordHash = await hashPassword(input.password, ctx.config.ARGON2_MEMORY_KIB);
  const result = await inTransaction(ctx, async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw IdentityErrors.emailTaken();
    if (await phoneVerifiedByAnother(tx, input.phone)) throw IdentityErrors.phoneTaken();
    const user = await insertUser(tx, {
      id: randomUUID(),
      email: input.email,
      phone: input.phone,
      passwordHash,
      userType: input.userType,
      languagePreference: input.languagePreference,
      phoneVerified: false,
    });
    if (!user) throw IdentityErrors.emailTaken(); // lost a race with the same email
    const session = await issueSession(ctx, tx, user);
    await appendEvent(ctx.database, tx, 'identity.user.registered.v1', {
      user_id: user.id,
      email: user.email,
      phone: user.phone,
      user_type: input.userType,
      language_preference: user.languagePreference,
      created_at: user.createdAt.toISOString(),
      email_verified: false,
    });
    // Issue 40: the email's verification link, mailed after the commit (the email loop).
    await addEmailLink(ctx, tx, user);
    return { session, user: toUser(user) };
  });
  ctx.kickEmail();
  let codeSent = true;
  try {
    await sendCode(ctx, {
      id: result.user.id,
      phone: input.phone,
      languagePreference: input.languagePreference,
    });
  } catch (err) {
    // The account exists; the user can ask for a new code from the verification screen.
    codeSent = false;
    ctx.logger.warn({ err: (err as Error).message }, 'verification code not sent at sign-up');
  }
  return { ...result, code_sent: codeSent };
}
