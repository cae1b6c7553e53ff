import { recordAudit } from '@brigade/kit';
import type { identityHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { checkSecondFactor } from '../domain/totp';
import type { IdentityContext } from '../context';
import { checkCredentials } from './check-credentials';
import { issueSession } from './sessions';

/**
 * The same answer, in the same time, for an unknown email (or a removed operator) and a wrong password. Whoever
 * knows the password then learns why no session opens: suspended (403 IDENTITY.SUSPENDED), a one-time password
 * to change first (403 IDENTITY.PASSWORD_CHANGE_REQUIRED), or an operator's second factor (issue 33).
 */
export async function signIn(ctx: IdentityContext, input: z.infer<typeof identityHttp.SigninRequest>) {
  const user = await checkCredentials(ctx, input.email, input.password);
  const session = await ctx.database.transaction(async (tx) => {
    // Checked again with the row shared-locked: a suspension committing meanwhile either waits for this
    // session (and then ends it) or is seen here.
    // (A first code confirming two-step sign-in writes the row: locked for update from the start then.)
    const confirming = Boolean(user.totpSecret && !user.totpConfirmedAt && input.totp);
    const current = await lockUser(tx, user.id, confirming ? 'update' : 'share');
    if (!current || current.removedAt || current.passwordHash !== user.passwordHash)
      throw IdentityErrors.invalidCredentials();
    if (current.suspendedAt) throw IdentityErrors.suspended();
    if (current.passwordChangeRequired) throw IdentityErrors.passwordChangeRequired();
    if (current.userType !== 'operator') return issueSession(ctx, tx, current);
    const factor = await checkSecondFactor(current, input.totp, ctx.config.OPERATOR_REQUIRE_TOTP);
    if (factor === 'ok') return issueSession(ctx, tx, current);
    const now = new Date();
    const confirmed = await updateUser(tx, current.id, { totpConfirmedAt: now, updatedAt: now });
    await recordAudit(ctx.database, tx, {
      operatorId: current.id,
      operatorEmail: current.email,
      action: 'operator.totp_enrol',
      subjectType: 'user',
      subjectId: current.id,
      detail: { email: current.email },
    });
    return issueSession(ctx, tx, confirmed!);
  });
  return { session, user: session.user };
}
