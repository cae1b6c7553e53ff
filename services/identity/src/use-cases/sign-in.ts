import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { findUserByEmail, lockUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { burnPasswordCheck, verifyPassword } from '../domain/passwords';
import type { IdentityContext } from '../context';
import { issueSession } from './sessions';

/** The same answer, in the same time, for an unknown email and a wrong password. */
export async function signIn(ctx: IdentityContext, input: z.infer<typeof identityHttp.SigninRequest>) {
  const user = await findUserByEmail(ctx.database.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password, ctx.config.ARGON2_MEMORY_KIB);
    throw IdentityErrors.invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw IdentityErrors.invalidCredentials();
  const session = await ctx.database.transaction(async (tx) => {
    // Checked again with the row shared-locked: a suspension committing meanwhile either waits for this
    // session (and then ends it) or is seen here.
    const current = await lockUser(tx, user.id, 'share');
    if (!current) throw IdentityErrors.invalidCredentials();
    // Told only to whoever knows the password.
    if (current.suspendedAt) throw IdentityErrors.suspended();
    return issueSession(ctx, tx, current);
  });
  return { session, user: session.user };
}
