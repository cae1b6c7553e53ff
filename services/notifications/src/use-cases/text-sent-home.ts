import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { applicationVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/** The restaurant sent the chef home: the chef reads the pay it comes to (moved at once). */
export async function textSentHome(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.timesheet.sent_home.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'sent_home_chef',
    vars: { ...applicationVars(d), worked_minutes: d.worked_minutes, chef_pay_cents: d.chef_pay_cents },
    dedupeKey: `sent_home:${d.application_id}`,
  });
}
