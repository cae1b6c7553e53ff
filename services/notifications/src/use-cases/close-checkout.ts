import type { Executor } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { checkoutMoney } from '../domain/money-vars';
import { applicationVars, type ApplicationFacts } from '../domain/text-vars';
import { textBothSides } from './queue-sms';
import { dropReminders } from './reminders';

/**
 * A shift's checkout closed (both answered, or the deadline passed): its rating and checkout-deadline reminders
 * are dropped, and when asked both sides are texted the outcome (paid out, refunded, or under review).
 */
export async function closeCheckout(
  ctx: NotificationsContext,
  tx: Executor,
  d: ApplicationFacts & {
    outcome: 'release' | 'refund' | 'disputed';
    subtotal_cents: number;
    fee_cents: number;
    total_cents: number;
  },
  opts: { textOutcome: boolean },
) {
  await dropReminders(
    ctx,
    tx,
    { applicationId: d.application_id, kinds: ['rating_reminder', 'checkout_deadline'] },
    'checkout_closed',
  );
  if (!opts.textOutcome) return;
  const vars = { ...applicationVars(d), outcome: d.outcome, money: checkoutMoney(d.outcome, d) };
  await textBothSides(ctx, tx, d, {
    templates: { chef: 'checkout_outcome_chef', restaurant: 'checkout_outcome_restaurant' },
    vars,
    dedupeKey: (side) => `checkout_outcome:${d.application_id}:${side}`,
  });
}
