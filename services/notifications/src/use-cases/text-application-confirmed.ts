import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { rescheduleJobReminders, scheduleShiftReminders } from './reminders';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/** The chef confirmed: the restaurant is told, and both sides' job and rating reminders are planned. */
export async function textApplicationConfirmed(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.confirmed.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'confirmed');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_confirmed',
    vars: applicationVars(d),
    dedupeKey: `application_confirmed:${d.application_id}`,
  });
  await scheduleShiftReminders(ctx, tx, d);
  // every pending reminder of the job (these included) at the job's times as recorded: a confirmation handled
  // after an edit of the shift (issue 35) carries the times of before
  await rescheduleJobReminders(ctx, tx, d.job_id);
}
