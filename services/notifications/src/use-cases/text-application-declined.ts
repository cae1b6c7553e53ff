import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/** The chef declined an acceptance: the restaurant is told (the job reopens). */
export async function textApplicationDeclined(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.declined.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'declined');
  await dropReminders(ctx, tx, { applicationId: d.application_id }, 'application_declined');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_declined',
    vars: applicationVars(d),
    dedupeKey: `application_declined:${d.application_id}`,
  });
}
