import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { agreements, restaurantProfiles, users } from './schema';

/** Record a user's acceptance of one version of an agreement (once), and return it as first recorded. */
export async function recordAgreement(
  db: Executor,
  userId: string,
  agreementType: 'worker_tos' | 'restaurant_tos',
  version: string,
) {
  await db
    .insert(agreements)
    .values({ id: randomUUID(), userId, agreementType, version })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(agreements)
    .where(
      and(
        eq(agreements.userId, userId),
        eq(agreements.agreementType, agreementType),
        eq(agreements.version, version),
      ),
    );
  return row;
}

/**
 * Issue 38: a restaurant's acceptances of the restaurant terms, oldest first, with its email and profile name
 * (a card dispute's evidence); null when the user is not a restaurant identity knows.
 */
export async function restaurantAgreementsOf(db: Executor, userId: string) {
  const [user] = await db
    .select({ email: users.email, userType: users.userType, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.userType !== 'restaurant') return null;
  const [profile] = await db
    .select({ name: restaurantProfiles.name })
    .from(restaurantProfiles)
    .where(eq(restaurantProfiles.userId, userId));
  const accepted = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.userId, userId), eq(agreements.agreementType, 'restaurant_tos')))
    .orderBy(asc(agreements.acceptedAt));
  return { email: user.email, name: profile?.name ?? null, signedUpAt: user.createdAt, accepted };
}
