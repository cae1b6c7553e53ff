import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { applicationVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/** The restaurant adjusted the hours: the chef reads the hours and the new pay, and until when to dispute it. */
export async function textTimesheetAdjusted(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.timesheet.adjusted.v1'>,
): Promise<void> {
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'timesheet_adjusted_chef',
    vars: {
      ...applicationVars(d),
      worked_minutes: d.worked_minutes,
      chef_pay_cents: d.chef_pay_cents,
      deadline: d.dispute_until,
    },
    dedupeKey: `timesheet_adjusted:${d.application_id}`,
  });
}
