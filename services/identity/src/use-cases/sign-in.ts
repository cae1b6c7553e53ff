import { eq } from 'drizzle-orm';
import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { users } from '../db/schema';
import { IdentityErrors } from '../domain/errors';
import { burnPasswordCheck, verifyPassword } from '../domain/passwords';
import { toUser } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { issueSession } from './sessions';

/** The same answer, in the same time, for an unknown email and a wrong password. */
export async function signIn(ctx: IdentityContext, input: z.infer<typeof identityHttp.SigninRequest>) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, input.email));
  if (!user) {
    await burnPasswordCheck(input.password, ctx.config.ARGON2_MEMORY_KIB);
    throw IdentityErrors.invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw IdentityErrors.invalidCredentials();
  const session = await ctx.database.transaction((tx) => issueSession(ctx, tx, user));
  return { session, user: toUser(user) };
}
