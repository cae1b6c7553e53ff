import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { chefProfiles, restaurantProfiles, users } from './schema';

/** The profile names of these users (a chef's or a restaurant's), by user id; operators have none. */
export async function profileNames(db: Executor, userIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length === 0) return names;
  const [chefs, restaurants] = await Promise.all([
    db
      .select({ userId: chefProfiles.userId, name: chefProfiles.name })
      .from(chefProfiles)
      .where(inArray(chefProfiles.userId, userIds)),
    db
      .select({ userId: restaurantProfiles.userId, name: restaurantProfiles.name })
      .from(restaurantProfiles)
      .where(inArray(restaurantProfiles.userId, userIds)),
  ]);
  for (const row of [...chefs, ...restaurants]) names.set(row.userId, row.name);
  return names;
}

/** The operator account behind a token, or undefined when it no longer exists (or was removed). */
export async function findOperator(db: Executor, operatorId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, operatorId), eq(users.userType, 'operator'), isNull(users.removedAt)));
  return row;
}
