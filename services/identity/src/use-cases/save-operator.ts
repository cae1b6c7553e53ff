import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { identityHttp, LIMITS, MESSAGES } from '@brigade/contracts';
import { parse, type Database } from '@brigade/kit';
import { findUserByEmail, insertUser, updateUserByEmail } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { hashPassword, verifyPassword } from '../domain/passwords';

/** An operator's credentials: the same email and password rules as everyone's. */
export const OperatorCredentials = z.object({
  email: identityHttp.SigninRequest.shape.email,
  password: z
    .string({ error: 'Password is required' })
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(256, 'Password is too long'),
});

export type SaveOperatorOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Create an operator account, or set its password when it changed (identity's start, `npm run operator`).
 * Operators have no phone (never asked to verify one) and are never announced as registered users: the other
 * services know only chefs and restaurants. An email a chef or restaurant uses is refused (409).
 */
export async function saveOperator(
  database: Database,
  input: { email: string; password: string },
  argon2MemoryKib?: number,
): Promise<{ id: string; email: string; outcome: SaveOperatorOutcome }> {
  const { email, password } = parse(OperatorCredentials, input);
  const existing = await findUserByEmail(database.db, email);
  if (existing) {
    if (existing.userType !== 'operator') throw IdentityErrors.memberEmail();
    if (await verifyPassword(existing.passwordHash, password))
      return { id: existing.id, email, outcome: 'unchanged' };
  }
  const passwordHash = await hashPassword(password, argon2MemoryKib);
  return database.transaction(async (tx) => {
    const row = await insertUser(tx, {
      id: randomUUID(),
      email,
      phone: '',
      passwordHash,
      userType: 'operator',
      languagePreference: 'en',
      phoneVerified: true,
    });
    if (row) return { id: row.id, email, outcome: 'created' as const };
    // It exists (maybe created meanwhile by another instance): an operator's password is set again.
    const updated = await updateUserByEmail(tx, email, { passwordHash, updatedAt: new Date() });
    if (!updated || updated.userType !== 'operator') throw IdentityErrors.memberEmail();
    return { id: updated.id, email, outcome: 'updated' as const };
  });
}
