import { findUserByEmail } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { burnPasswordCheck, verifyPassword } from '../domain/passwords';
import type { IdentityContext } from '../context';

/**
 * The account an email and password prove, or 401 IDENTITY.INVALID_CREDENTIALS: the same answer, in the same
 * time (a password check is burnt), for an unknown email, a removed operator and a wrong password.
 */
export async function checkCredentials(ctx: IdentityContext, email: string, password: string) {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user || user.removedAt) {
    await burnPasswordCheck(password, ctx.config.ARGON2_MEMORY_KIB);
    throw IdentityErrors.invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw IdentityErrors.invalidCredentials();
  return user;
}
