import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/** Whether a closed card dispute was lost; a won one texts nobody and is taken without a transaction (`onlyWhen`). */
export function isDisputeLost(d: { outcome: string }): boolean {
  return d.outcome === 'lost';
}

/**
 * Issue 38: a card dispute was lost: the restaurant is texted the amount, that it cannot post until it pays it
 * back, and the link to settle in the app. Once per dispute; a won dispute texts nothing.
 */
export async function textCardDisputeLost(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'payments.card_dispute.closed.v1'>,
): Promise<void> {
  if (!isDisputeLost(d)) return;
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'card_dispute_lost_restaurant',
    vars: {
      ...recordedJobVars(d.job_id, job),
      restaurant_id: d.restaurant_id,
      amount_cents: d.amount_cents,
    },
    dedupeKey: `card_dispute_lost:${d.dispute_id}`,
  });
}
