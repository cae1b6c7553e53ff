import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';
import { applicationVars, jobFactsOf } from '../domain/text-vars';

/**
 * The chef cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended them): the restaurant is told (a confirmed shift that reopens, and whether it was late, as it
 * counts on the chef's record); any reminder for that application is dropped. A chef who left after an edit
 * (`reason: edit_declined`) is not texted here: textEditAnswered tells the restaurant.
 */
export async function textApplicationCancelled(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.cancelled.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'cancelled');
  await dropReminders(ctx, tx, { applicationId: d.application_id }, 'application_cancelled');
  // Issue 35: a chef who left after the restaurant's edit is told by jobs.application.edit_answered.v1
  // (`edit_declined_restaurant`), not as a cancellation announced as urgent.
  if (d.reason === 'edit_declined') return;
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_cancelled',
    vars: {
      ...applicationVars(d),
      was_accepted: d.was_accepted,
      was_confirmed: d.was_confirmed,
      late: d.late,
      cancelled_by: d.cancelled_by,
    },
    dedupeKey: `application_cancelled:${d.application_id}`,
  });
}
