import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { rescheduleJobReminders } from './reminders';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/** A chef applied: the restaurant is texted. */
export async function textApplicationSubmitted(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.submitted.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await rescheduleJobReminders(ctx, tx, d.job_id);
  await recordApplication(ctx.database, tx, d, 'pending');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_submitted',
    vars: applicationVars(d),
    dedupeKey: `application_submitted:${d.application_id}`,
  });
}
