import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * The off-session charge of an edit that raised a shift's total was declined, or the bank asks the restaurant to
 * confirm it (issue 35): jobs drops the edit. The restaurant is texted that its change was not saved and why, and
 * that the shift keeps its terms, with the link to the shift; once per edit.
 */
export async function textEditChargeFailed(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'payments.edit_charge.failed.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'edit_charge_failed_restaurant',
    vars: {
      ...recordedJobVars(d.job_id, job),
      restaurant_id: d.restaurant_id,
      amount_cents: d.amount_cents,
      requires_authentication: d.requires_authentication,
    },
    dedupeKey: `edit_charge_failed:${d.edit_id}`,
  });
}
