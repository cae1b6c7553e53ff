import { recordAgreement } from '../db/agreements.repository';
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
  const row = await recordAgreement(ctx.database.db, user.id, agreementType, version);
  return {
    agreement: {
      id: row.id,
      agreement_type: row.agreementType,
      version: row.version,
      accepted_at: row.acceptedAt.toISOString(),
    },
  };
}
