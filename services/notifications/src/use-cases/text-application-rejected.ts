import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/** The restaurant rejected a chef: the chef is told. */
export async function textApplicationRejected(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.rejected.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'rejected');
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'application_rejected',
    vars: applicationVars(d),
    dedupeKey: `application_rejected:${d.application_id}`,
  });
}
