import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * The extra hours' off-session charge was declined or needs the restaurant to authenticate: the restaurant is
 * texted the amount and the link to pay the balance in the app. Once per charge.
 */
export async function textExtraChargeFailed(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'payments.extra_charge.failed.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'extra_charge_failed_restaurant',
    vars: {
      ...recordedJobVars(d.job_id, job),
      application_id: d.application_id,
      chef_id: d.chef_id,
      restaurant_id: d.restaurant_id,
      amount_cents: d.amount_cents,
      requires_authentication: d.requires_authentication,
    },
    dedupeKey: `extra_charge_failed:${d.application_id}`,
  });
}
