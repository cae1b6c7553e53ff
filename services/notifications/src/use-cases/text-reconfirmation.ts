import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { applicationVars, jobFactsOf } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * Issue 37: a booked chef is asked to reconfirm their shift (RECONFIRM_OPENS before the start): texted the
 * shift and the time they must reconfirm by, in the app, in their language. Once per application.
 */
export async function textReconfirmationRequested(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.reconfirmation.requested.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'reconfirm_requested_chef',
    vars: { ...applicationVars(d), deadline: d.reconfirm_by },
    dedupeKey: `reconfirm_requested_chef:${d.application_id}`,
  });
}
