import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordRevokedCredential, recordVerifiedCredential } from '../db/credentials.repository';
import { touchScopes } from '../db/list-versions.repository';
import { scopesOfChef } from '../db/read-models.repository';

// Issue 39: jobs' read model of chefs' credentials, kept from identity's decisions. Each moves the lists that
// show the chef (their applicant cards carry `verified_credentials`).

/** identity.credential.verified.v1: the chef holds it until its expiry day (or a revocation). */
export async function recordCredentialVerified(
  ctx: JobsContext,
  tx: Tx,
  data: EventData<'identity.credential.verified.v1'>,
): Promise<void> {
  await recordVerifiedCredential(ctx.database, tx, data);
  await touchScopes(ctx, tx, await scopesOfChef(ctx.database, tx, data.chef_id));
}

/** identity.credential.revoked.v1: it no longer counts anywhere. */
export async function recordCredentialRevoked(
  ctx: JobsContext,
  tx: Tx,
  data: EventData<'identity.credential.revoked.v1'>,
): Promise<void> {
  await recordRevokedCredential(ctx.database, tx, data);
  await touchScopes(ctx, tx, await scopesOfChef(ctx.database, tx, data.chef_id));
}
