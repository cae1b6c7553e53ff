import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { agreements } from './schema';

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
