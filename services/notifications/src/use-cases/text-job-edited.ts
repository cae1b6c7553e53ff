import { escrowCharge, postingFigures, type EventData, type EventPostingShape } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import type { EditSide } from '../domain/sms-format';
import { queueSms } from './queue-sms';
import { rescheduleJobReminders } from './reminders';

/**
 * An edit of a posted shift took effect (issue 35, ADR 0031). Notifications' record of the job takes the new
 * terms (times, rate, the posting's new total; `editedAt`, the event's time, keeps them from an older event
 * handled later), and when the times moved, the job's pending reminders (job,
 * rating, checkout deadline) move with them. Each chef the edit asks to answer is texted the change old → new,
 * the times in the restaurant city's time zone, the rate and their pay for the seat, and until when they may
 * keep it or leave with no mark, with the link to the shift; once per edit and chef. SMS Notifications off:
 * recorded as suppressed.
 */
export async function textJobEdited(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.edited.v1'>,
  editedAt: string,
): Promise<void> {
  await recordJob(
    ctx.database,
    tx,
    {
      job_id: d.job_id,
      restaurant_id: d.restaurant_id,
      title: d.title,
      start_time: d.after.start_time,
      end_time: d.after.end_time,
      hourly_rate_cents: d.after.hourly_rate_cents,
      // the posting is priced per seat × headcount at its new shape (an expired seat's share is read from it)
      total_cents: postingFigures(d.after).total_cents,
    },
    // an event handled after this one but published before the edit does not take the job back to its old terms
    { editedAt },
  );
  if (timesMoved(d.before, d.after)) await rescheduleJobReminders(ctx, tx, d.job_id);
  const edit = { before: sideOf(d.before), after: sideOf(d.after) };
  const chefs = new Map(d.chefs_to_answer.map((c) => [c.chef_id, c]));
  for (const chef of chefs.values()) {
    await queueSms(ctx, tx, {
      recipientId: chef.chef_id,
      template: 'job_edited_chef',
      vars: {
        job_id: d.job_id,
        application_id: chef.application_id,
        seat_no: chef.seat_no,
        job_title: d.title,
        start_time: d.after.start_time,
        hourly_rate_cents: d.after.hourly_rate_cents,
        chef_pay_cents: edit.after.pay_cents,
        restaurant_id: d.restaurant_id,
        deadline: d.answers_due_by ?? undefined,
        edit,
      },
      dedupeKey: `job_edited:${d.edit_id}:${chef.chef_id}`,
    });
  }
}

const same = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

function timesMoved(before: EventPostingShape, after: EventPostingShape): boolean {
  return !same(before.start_time, after.start_time) || !same(before.end_time, after.end_time);
}

/** One seat's terms as its chef reads them: the pay is the seat's shift pay (the escrow's subtotal of one seat). */
function sideOf(shape: EventPostingShape): EditSide {
  return {
    start_time: shape.start_time,
    end_time: shape.end_time,
    hourly_rate_cents: shape.hourly_rate_cents,
    pay_cents: escrowCharge(shape).subtotalCents,
  };
}
