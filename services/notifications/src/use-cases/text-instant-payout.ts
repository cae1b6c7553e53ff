import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { queueSms } from './queue-sms';

/** Issue 38: the chef's instant payout landed on the debit card. Once per payout. */
export async function textInstantPayoutPaid(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'payments.instant_payout.paid.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'instant_payout_paid_chef',
    vars: {
      payout_id: d.payout_id,
      amount_cents: d.amount_cents,
      fee_cents: d.fee_cents,
      net_cents: d.net_cents,
    },
    dedupeKey: `instant_payout_paid:${d.payout_id}`,
  });
}

/** Issue 38: the chef's instant payout failed: the money is back in the balance, the fee returned. Once per payout. */
export async function textInstantPayoutFailed(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'payments.instant_payout.failed.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'instant_payout_failed_chef',
    vars: {
      payout_id: d.payout_id,
      amount_cents: d.amount_cents,
      fee_cents: d.fee_cents,
      net_cents: d.net_cents,
      failure_message: d.failure_message,
    },
    dedupeKey: `instant_payout_failed:${d.payout_id}`,
  });
}
