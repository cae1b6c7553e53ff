import type { Executor } from '@brigade/kit';
import { textsDue, type NotificationsContext } from '../context';
import {
  dropPendingReminders,
  dropSeenMessageReminders,
  insertReminder,
  moveJobReminders,
  recordThreadMessage,
  recordThreadOpened,
  type NewReminder,
  type ReminderFilter,
} from '../db/reminders.repository';
import { JOB_REMINDER_LEAD_MS, MESSAGE_NUDGE_DELAY_MS, RATING_REMINDER_DELAY_MS } from '../domain/rules';

// Reminders are durable rows with a due time; the scheduler turns due ones into texts (process-due-reminders).
// Here: creating them, moving them when a job's times change, dropping them when they no longer apply.

const at = (t: string | Date, plusMs: number) => new Date(new Date(t).getTime() + plusMs).toISOString();

/** A reminder, once per key; one due already (a shift booked late, a message read late) wakes the texts' loop. */
async function planReminder(ctx: NotificationsContext, tx: Executor, reminder: NewReminder) {
  const now = ctx.now();
  const planned = await insertReminder(ctx.database, tx, reminder, now);
  if (planned && new Date(reminder.dueAt).getTime() <= now.getTime()) textsDue(ctx, tx);
}

/**
 * A chef confirmed: the shift will happen. Both sides get a job reminder 1 hour before the start, a rating
 * reminder after the end (dropped for a side once it checks out), and a checkout-deadline reminder at each
 * CHECKOUT_REMINDERS lead before the deadline (CHECKOUT_DEADLINE after the end) while they have not answered.
 * A lead as long as the deadline itself or longer would fall before the end: that one is not planned.
 */
export async function scheduleShiftReminders(
  ctx: NotificationsContext,
  tx: Executor,
  a: {
    application_id: string;
    job_id: string;
    chef_id: string;
    restaurant_id: string;
    start_time: string;
    end_time: string;
  },
) {
  const { checkoutDeadlineMs, checkoutReminderLeadsMs } = ctx.config.policy;
  const sides = [
    { recipientId: a.chef_id, otherId: a.restaurant_id },
    { recipientId: a.restaurant_id, otherId: a.chef_id },
  ];
  const plan: NewReminder[] = [];
  for (const side of sides) {
    const common = { ...side, jobId: a.job_id, applicationId: a.application_id, chefId: a.chef_id };
    const key = (kind: string) => `${kind}:${a.application_id}:${side.recipientId}`;
    plan.push(
      {
        ...common,
        kind: 'job_reminder',
        key: key('job_reminder'),
        dueAt: at(a.start_time, -JOB_REMINDER_LEAD_MS),
      },
      {
        ...common,
        kind: 'rating_reminder',
        key: key('rating_reminder'),
        dueAt: at(a.end_time, RATING_REMINDER_DELAY_MS),
      },
    );
    for (const leadMs of checkoutReminderLeadsMs) {
      if (leadMs >= checkoutDeadlineMs) continue;
      plan.push({
        ...common,
        kind: 'checkout_deadline',
        key: `${key('checkout_deadline')}:${leadMs}`,
        leadMs,
        dueAt: at(a.end_time, checkoutDeadlineMs - leadMs),
      });
    }
  }
  for (const reminder of plan) await planReminder(ctx, tx, reminder);
}

/** A job's times changed: pending reminders follow the job. */
export async function rescheduleJobReminders(ctx: NotificationsContext, tx: Executor, jobId: string) {
  await moveJobReminders(ctx.database, tx, jobId, {
    jobReminderMs: JOB_REMINDER_LEAD_MS,
    ratingReminderMs: RATING_REMINDER_DELAY_MS,
    checkoutDeadlineMs: ctx.config.policy.checkoutDeadlineMs,
  });
  textsDue(ctx, tx); // a reminder may have moved to now
}

export async function dropReminders(
  ctx: NotificationsContext,
  tx: Executor,
  where: ReminderFilter,
  reason: string,
): Promise<number> {
  return dropPendingReminders(ctx.database, tx, where, reason, ctx.now());
}

/**
 * A message reached someone: remember it, and plan a text 10 minutes after it unless they open the thread
 * first. The earliest unread message keeps its due time (one pending text per thread and reader).
 */
export async function recordMessageForReader(
  ctx: NotificationsContext,
  tx: Executor,
  m: {
    message_id: string;
    job_id: string;
    chef_id: string;
    recipient_id: string;
    sender_id: string;
    sent_at: string;
  },
) {
  const lastRead = await recordThreadMessage(ctx.database, tx, {
    jobId: m.job_id,
    chefId: m.chef_id,
    readerId: m.recipient_id,
    sentAt: m.sent_at,
  });
  if (lastRead !== null && lastRead.getTime() >= new Date(m.sent_at).getTime()) return; // already seen (events arrived late)
  await planReminder(ctx, tx, {
    kind: 'new_message',
    key: `new_message:${m.message_id}:${m.recipient_id}`,
    recipientId: m.recipient_id,
    otherId: m.sender_id,
    jobId: m.job_id,
    chefId: m.chef_id,
    messageAt: m.sent_at,
    dueAt: at(m.sent_at, MESSAGE_NUDGE_DELAY_MS),
  });
}

/**
 * Someone opened a thread: texts about messages they have now seen are dropped. A message that arrived after
 * the read (events can cross) gets its own text planned.
 */
export async function recordThreadRead(
  ctx: NotificationsContext,
  tx: Executor,
  r: { job_id: string; chef_id: string; reader_id: string; read_at: string },
) {
  const thread = { jobId: r.job_id, chefId: r.chef_id, readerId: r.reader_id, readAt: r.read_at };
  const { lastMessageAt, lastReadAt } = await recordThreadOpened(ctx.database, tx, thread);
  const dropped = await dropSeenMessageReminders(ctx.database, tx, thread, ctx.now());
  if (dropped.length > 0 && lastMessageAt && lastMessageAt > lastReadAt) {
    await planReminder(ctx, tx, {
      kind: 'new_message',
      key: `new_message:after-read:${r.job_id}:${r.chef_id}:${r.reader_id}:${lastMessageAt.toISOString()}`,
      recipientId: r.reader_id,
      otherId: dropped[0].other_id,
      jobId: r.job_id,
      chefId: r.chef_id,
      messageAt: lastMessageAt.toISOString(),
      dueAt: at(lastMessageAt, MESSAGE_NUDGE_DELAY_MS),
    });
  }
}
