import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { applicationVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/** The restaurant marked the chef a no-show: the chef reads how to contest it, and until when. */
export async function textNoShowMarked(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.timesheet.no_show_marked.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'no_show_marked_chef',
    vars: { ...applicationVars(d), deadline: d.contest_until },
    dedupeKey: `no_show_marked:${d.application_id}`,
  });
}
