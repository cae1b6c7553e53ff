import { z } from 'zod';
import { identityHttp, LIMITS, MESSAGES } from '@brigade/contracts';
import { parse, recordAudit } from '@brigade/kit';
import { endUserSessions } from '../db/sessions.repository';
import { findUserByEmail, insertOperatorUser, lockUser, updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { COMMAND_LINE_OPERATOR_ID } from '../domain/operators';
import { hashPassword, verifyPassword } from '../domain/passwords';
import type { OperatorsContext } from '../context';
import { announceEnded } from './revoke-sessions';

/** An operator's credentials: the same email and password rules as everyone's. */
export const OperatorCredentials = z.object({
  email: identityHttp.SigninRequest.shape.email,
  password: z
    .string({ error: 'Password is required' })
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(256, 'Password is too long'),
});

export type SaveOperatorOutcome = 'created' | 'updated' | 'unchanged' | 'removed';

/** How the audit log names identity's start acting for OPERATOR_EMAIL. */
const AT_START = 'OPERATOR_EMAIL at identity start';

/**
 * The platform's own operator, OPERATOR_EMAIL / OPERATOR_PASSWORD, at identity's start: created as an admin
 * (issue 33), kept an admin, its password set again when it changed. A changed password ends every session of
 * theirs, announced like any other ended session (the finding: the old tokens kept reading the console
 * after a restart). An operator an admin removed stays removed ('removed'). Operators have no phone (never
 * asked to verify one) and are never announced as registered users. A chef's or restaurant's email: 409.
 */
export async function saveOperator(
  ctx: OperatorsContext,
  input: { email: string; password: string },
): Promise<{ id: string; email: string; outcome: SaveOperatorOutcome }> {
  const { email, password } = parse(OperatorCredentials, input);
  const existing = await findUserByEmail(ctx.database.db, email);
  if (existing) {
    if (existing.userType !== 'operator') throw IdentityErrors.memberEmail();
    if (existing.removedAt) return { id: existing.id, email, outcome: 'removed' };
    if ((await verifyPassword(existing.passwordHash, password)) && !existing.passwordChangeRequired) {
      if (!existing.admin) await updateUser(ctx.database.db, existing.id, { admin: true });
      return { id: existing.id, email, outcome: 'unchanged' };
    }
  }
  const passwordHash = await hashPassword(password, ctx.config.ARGON2_MEMORY_KIB);
  const since = new Date(Date.now() - ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
  const saved = await ctx.database.transaction(async (tx) => {
    const account = { passwordHash, admin: true, passwordChangeRequired: false, updatedAt: new Date() };
    const row = await insertOperatorUser(tx, email, account);
    if (row) return { id: row.id, outcome: 'created' as const, ended: [] };
    // It exists (maybe created meanwhile by another instance): its password is set again, its sessions end.
    const found = await findUserByEmail(tx, email);
    const current = found && (await lockUser(tx, found.id, 'update'));
    if (!current || current.userType !== 'operator') throw IdentityErrors.memberEmail();
    await updateUser(tx, current.id, account);
    await recordAudit(ctx.database, tx, {
      operatorId: COMMAND_LINE_OPERATOR_ID,
      operatorEmail: AT_START,
      action: 'operator.password_set',
      subjectType: 'user',
      subjectId: current.id,
      detail: { email },
    });
    return {
      id: current.id,
      outcome: 'updated' as const,
      ended: await endUserSessions(tx, current.id, 'password_changed', since),
    };
  });
  // A failed announcement is logged; the sessions have ended (no refresh), and the next start announces again.
  await announceEnded(ctx, saved.ended).catch(() => undefined);
  return { id: saved.id, email, outcome: saved.outcome };
}
