import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordApplication } from '../db/read-model.repository';
import { applicationVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';

/** Whether an edit's answer is a chef leaving the shift; a kept edit is taken without a transaction (`onlyWhen`). */
export function isEditDeclined(d: { accept: boolean }): boolean {
  return !d.accept;
}

/**
 * A booked chef answered an edit of their seat (issue 35). Kept (`accept`): nothing to tell. Left: the chef's
 * application ends (its reminders, both sides', are dropped) and the restaurant is texted that the chef left the
 * shift after its change, with no mark on their record, and that the seat is open again; once per application.
 * (Jobs' jobs.application.cancelled.v1 with `reason: edit_declined` beside it sends no text of its own.)
 */
export async function textEditAnswered(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.application.edit_answered.v1'>,
): Promise<void> {
  if (!isEditDeclined(d)) return;
  await recordApplication(ctx.database, tx, d, 'cancelled');
  await dropReminders(ctx, tx, { applicationId: d.application_id }, 'edit_declined');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'edit_declined_restaurant',
    vars: { ...applicationVars(d), seat_no: d.seat_no },
    dedupeKey: `edit_declined:${d.application_id}`,
  });
}
