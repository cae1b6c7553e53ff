import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/** The restaurant accepted a chef: the chef is texted to confirm. */
export async function textApplicationAccepted(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.accepted.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'accepted');
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'application_accepted',
    vars: applicationVars(d),
    dedupeKey: `application_accepted:${d.application_id}`,
  });
}
