import { appendEvent, inTransaction } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { claimNextExpiring, markExpiryNoticed } from '../db/credentials.repository';

/**
 * Issue 39: the next verified credential that stops counting within CREDENTIAL_EXPIRY_NOTICE is announced once
 * (`identity.credential.expiring.v1`: notifications texts the chef), claimed and marked in one transaction, so
 * any number of identity instances announce each once. False when none is due.
 */
export async function announceNextExpiringCredential(ctx: IdentityContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const c = await claimNextExpiring(ctx.database, tx, now, ctx.config.policy.credentialExpiryNoticeMs);
    if (!c) return false;
    await markExpiryNoticed(ctx.database, tx, c.id, now);
    await appendEvent(ctx.database, tx, 'identity.credential.expiring.v1', {
      chef_id: c.chefId,
      credential_id: c.id,
      type: c.type,
      expires_on: c.expiresOn,
    });
    return true;
  });
}
