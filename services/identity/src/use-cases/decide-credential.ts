import { credentialStatusAt, credentialTimeZone, type StoredCredentialStatus } from '@brigade/contracts';
import { appendEvent, inTransaction, isUuid, recordAudit, type OperatorUser, type Tx } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { findOperator } from '../db/accounts.repository';
import { decideCredential, lockCredential, type CredentialRecord } from '../db/credentials.repository';
import { CredentialErrors } from '../domain/credential-errors';
import { IdentityErrors } from '../domain/errors';
import { queuedCredential } from '../queries/credential-views';

/** What an operator decides, from which status, to which, and what it publishes. */
export type CredentialDecision = 'verify' | 'reject' | 'revoke';
const DECISIONS = {
  verify: { from: 'pending', to: 'verified', refusal: CredentialErrors.notPending },
  reject: { from: 'pending', to: 'rejected', refusal: CredentialErrors.notPending },
  revoke: { from: 'verified', to: 'revoked', refusal: CredentialErrors.notVerified },
} as const satisfies Record<
  CredentialDecision,
  { from: StoredCredentialStatus; to: StoredCredentialStatus; refusal: () => Error }
>;

/**
 * An operator's decision on a chef's credential (issue 39), after reading its file in the console: `verify` a
 * pending one (it counts from now), `reject` a pending one or `revoke` a verified one, each with a reason the chef
 * is texted. The decision, its event (`identity.credential.verified|rejected|revoked.v1`: jobs keeps the verified
 * ones, notifications texts the chef) and the audit entry commit together. Refused, nothing changed: an unknown
 * credential (404), one not in the status the decision needs (409: a pending one whose expiry day came reads
 * expired and cannot be verified).
 */
export async function decideOnCredential(
  ctx: IdentityContext,
  operator: OperatorUser,
  credentialId: string,
  decision: CredentialDecision,
  reason: string | null,
) {
  if (!isUuid(credentialId)) throw CredentialErrors.notFound();
  const rule = DECISIONS[decision];
  await inTransaction(ctx, async (tx) => {
    const c = await lockCredential(ctx.database, tx, credentialId);
    if (!c) throw CredentialErrors.notFound();
    const now = ctx.now();
    const shown = credentialStatusAt(c.status, c.expiresOn, now, credentialTimeZone(c.chefCity));
    // a pending or verified credential whose day came reads `expired`: only revoking it stays possible
    if (c.status !== rule.from || (shown === 'expired' && decision !== 'revoke')) throw rule.refusal();
    const by = await findOperator(tx, operator.id);
    if (!by) throw IdentityErrors.operatorGone();
    await decideCredential(ctx.database, tx, c.id, { status: rule.to, reason, at: now, by: by.id });
    await publishDecision(ctx, tx, c, decision, reason, now);
    await recordAudit(ctx.database, tx, {
      operatorId: by.id,
      operatorEmail: by.email,
      action: `credential.${decision}`,
      subjectType: 'user',
      subjectId: c.chefId,
      reason,
      detail: { credential_id: c.id, type: c.type, expires_on: c.expiresOn },
    });
  });
  return queuedCredential(ctx, credentialId);
}

async function publishDecision(
  ctx: IdentityContext,
  tx: Tx,
  c: CredentialRecord,
  decision: CredentialDecision,
  reason: string | null,
  now: Date,
) {
  const facts = { chef_id: c.chefId, credential_id: c.id, type: c.type, expires_on: c.expiresOn };
  const at = now.toISOString();
  if (decision === 'verify')
    await appendEvent(ctx.database, tx, 'identity.credential.verified.v1', { ...facts, verified_at: at });
  else if (decision === 'reject')
    await appendEvent(ctx.database, tx, 'identity.credential.rejected.v1', {
      ...facts,
      reason: reason ?? '',
      rejected_at: at,
    });
  else
    await appendEvent(ctx.database, tx, 'identity.credential.revoked.v1', {
      ...facts,
      reason: reason ?? '',
      revoked_at: at,
    });
}
