import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { queueSms } from './queue-sms';

/**
 * A restaurant's week is closed (issue 38, STATEMENT_DAY): it is texted the link to its weekly statement, with
 * what its card was charged and the net after refunds, in its language; once per restaurant and week.
 */
export async function textStatementReady(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'payments.statement.ready.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'statement_ready_restaurant',
    vars: {
      restaurant_id: d.restaurant_id,
      statement: { week: d.week, path: d.path, charged_cents: d.charged_cents, net_cents: d.net_cents },
    },
    dedupeKey: `statement_ready:${d.restaurant_id}:${d.week}`,
  });
}
