import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import type { CredentialTemplateName } from '../domain/rules';
import { queueSms } from './queue-sms';

type Credential = EventData<'identity.credential.verified.v1'> & { reason?: string };

/**
 * Issue 39: a chef is texted about their credential, once per credential and what happened to it: verified,
 * rejected or revoked (with the operator's reason), or expiring within CREDENTIAL_EXPIRY_NOTICE. The text names
 * the credential in the chef's language and links to their Credentials page.
 */
export async function textCredential(
  ctx: NotificationsContext,
  tx: Executor,
  template: CredentialTemplateName,
  d: Pick<Credential, 'chef_id' | 'credential_id' | 'type' | 'expires_on' | 'reason'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template,
    vars: {
      chef_id: d.chef_id,
      credential: { type: d.type, expires_on: d.expires_on, reason: d.reason ?? null },
    },
    dedupeKey: `${template}:${d.credential_id}`,
  });
}
