import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { applicationVars } from '../domain/text-vars';
import { textBothSides } from './queue-sms';

/** An operator decided an hours dispute: both sides read the hours and the money, each in their language. */
export async function textHoursDecided(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.timesheet.resolved.v1'>,
): Promise<void> {
  const vars = {
    ...applicationVars(d),
    worked_minutes: d.worked_minutes,
    chef_pay_cents: d.chef_pay_cents,
    extra_charge_cents: d.extra_charge_cents,
    refund_cents: d.refund_cents,
  };
  await textBothSides(ctx, tx, d, {
    templates: { chef: 'hours_decided_chef', restaurant: 'hours_decided_restaurant' },
    vars,
    dedupeKey: (side) => `hours_decided:${d.application_id}:${side}`,
  });
}
