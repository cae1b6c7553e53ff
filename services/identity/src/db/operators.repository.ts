import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { users, type UserRow } from './schema';

/** The operators who have not been removed, oldest first. */
export async function listOperatorRows(db: Executor): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.userType, 'operator'), isNull(users.removedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * The admins who can still act (not suspended, not removed), their rows locked in id order: whoever suspends
 * or removes an operator takes these locks first, so two admins cutting each other off at once wait for one
 * another (no deadlock), and the last admin is never suspended or removed.
 */
export async function lockActiveAdmins(tx: Executor): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.userType, 'operator'),
        eq(users.admin, true),
        isNull(users.suspendedAt),
        isNull(users.removedAt),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
}
