import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { applicationVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/** The chef told the restaurant they are running late: the restaurant is texted, once per announcement. */
export async function textRunningLate(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.timesheet.running_late.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'running_late_restaurant',
    vars: { ...applicationVars(d), minutes: d.minutes },
    dedupeKey: `running_late:${d.application_id}:${d.announced_at}`,
  });
}
