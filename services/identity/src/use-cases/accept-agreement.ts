import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { agreements } from '../db/schema';
import { IdentityErrors } from '../domain/errors';
import type { IdentityContext } from '../context';

/** Record that a user accepted the terms of their side (worker_tos for chefs, restaurant_tos for restaurants). */
export async function acceptAgreement(
  ctx: IdentityContext,
  user: { id: string; type: 'chef' | 'restaurant' },
  agreementType: 'worker_tos' | 'restaurant_tos',
  version: string,
) {
  if ((user.type === 'chef') !== (agreementType === 'worker_tos')) throw IdentityErrors.wrongAgreement();
  await ctx.database.db
    .insert(agreements)
    .values({ id: randomUUID(), userId: user.id, agreementType, version })
    .onConflictDoNothing();
  const [row] = await ctx.database.db
    .select()
    .from(agreements)
    .where(
      and(
        eq(agreements.userId, user.id),
        eq(agreements.agreementType, agreementType),
        eq(agreements.version, version),
      ),
    );
  return {
    agreement: {
      id: row.id,
      agreement_type: row.agreementType,
      version: row.version,
      accepted_at: row.acceptedAt.toISOString(),
    },
  };
}
