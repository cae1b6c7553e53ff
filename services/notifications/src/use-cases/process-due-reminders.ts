import { checkoutDeadline } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import { iso, type NotificationsContext } from '../context';
import {
  claimDueReminders,
  claimMessageTextSlot,
  finishReminder,
  type DueReminder,
} from '../db/reminders.repository';
import { MESSAGE_TEXT_INTERVAL_MS, type TemplateName } from '../domain/rules';
import { queueSms } from './queue-sms';

type Outcome = { queue: { template: TemplateName; vars: Record<string, unknown> } } | { drop: string };

/**
 * Turn due reminders into texts. Each batch is claimed with FOR UPDATE SKIP LOCKED and finished in the same
 * transaction (the text is queued and the reminder marked done together), so with several scheduler
 * instances every reminder is handled by exactly one of them, once. Returns how many were handled.
 */
export async function processDueReminders(ctx: NotificationsContext, batchSize = 50): Promise<number> {
  const now = ctx.now();
  return ctx.database.transaction(async (tx) => {
    const due = await claimDueReminders(ctx.database, tx, now, batchSize);
    for (const r of due) {
      const outcome = await decide(ctx, tx, r, now);
      if ('drop' in outcome) {
        await finishReminder(ctx.database, tx, r.id, 'dropped', outcome.drop, now);
        continue;
      }
      await queueSms(ctx, tx, {
        recipientId: r.recipient_id,
        template: outcome.queue.template,
        vars: outcome.queue.vars,
        dedupeKey: `reminder:${r.id}`,
      });
      await finishReminder(ctx.database, tx, r.id, 'done', null, now);
    }
    return due.length;
  });
}

async function decide(ctx: NotificationsContext, tx: Executor, r: DueReminder, now: Date): Promise<Outcome> {
  if (r.cancelled) return { drop: 'job_cancelled' };
  if (r.expired && r.kind !== 'new_message') return { drop: 'job_expired' };
  const isChef = r.recipient_id === r.chef_id;
  const vars = {
    job_id: r.job_id,
    application_id: r.application_id,
    job_title: r.title ?? undefined,
    start_time: r.start_time ? iso(r.start_time) : undefined,
    chef_id: r.chef_id,
    restaurant_id: r.restaurant_id ?? (isChef ? r.other_id : r.recipient_id),
  };
  switch (r.kind) {
    case 'job_reminder': {
      if (r.app_status !== 'confirmed') return { drop: `application_${r.app_status ?? 'unknown'}` };
      if (!r.start_time || now.getTime() >= new Date(r.start_time).getTime())
        return { drop: 'shift_started' };
      return { queue: { template: isChef ? 'job_reminder_chef' : 'job_reminder_restaurant', vars } };
    }
    case 'rating_reminder': {
      if (r.app_status !== 'confirmed') return { drop: `application_${r.app_status ?? 'unknown'}` };
      if (isChef ? r.chef_checked_out : r.restaurant_checked_out) return { drop: 'checked_out' };
      return { queue: { template: isChef ? 'rating_reminder_chef' : 'rating_reminder_restaurant', vars } };
    }
    case 'checkout_deadline': {
      // To whoever has not answered, while the checkout is still open.
      if (r.app_status !== 'confirmed') return { drop: `application_${r.app_status ?? 'unknown'}` };
      if (r.checkout_outcome) return { drop: 'checkout_closed' };
      if (isChef ? r.chef_checked_out : r.restaurant_checked_out) return { drop: 'checked_out' };
      if (!r.end_time) return { drop: 'job_unknown' };
      const deadline = checkoutDeadline(ctx.config.policy, r.end_time);
      if (now.getTime() >= deadline.getTime()) return { drop: 'deadline_passed' };
      return {
        queue: {
          template: isChef ? 'checkout_deadline_chef' : 'checkout_deadline_restaurant',
          vars: { ...vars, deadline: deadline.toISOString() },
        },
      };
    }
    case 'new_message': {
      if (r.last_read_at && r.message_at && new Date(r.last_read_at) >= new Date(r.message_at))
        return { drop: 'read' };
      const thread = { jobId: r.job_id, chefId: r.chef_id as string, readerId: r.recipient_id };
      if (!(await claimMessageTextSlot(ctx.database, tx, thread, now, MESSAGE_TEXT_INTERVAL_MS)))
        return { drop: 'texted_within_hour' };
      return {
        queue: {
          template: 'new_message',
          vars: { ...vars, application_id: undefined, sender_id: r.other_id },
        },
      };
    }
  }
}
