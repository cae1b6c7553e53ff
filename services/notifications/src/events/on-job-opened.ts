import { findRecipient, recordJob } from '../db/read-model';
import { PRIORITY } from '../domain/rules';
import { queueCityBroadcast, queueSms } from '../use-cases/queue-sms';
import { rescheduleJobReminders } from '../use-cases/reminders';
import type { HandlerFactory } from './handler';

/**
 * A shift is visible to chefs. The favorites the restaurant named are texted first; an urgent shift then goes
 * to every chef of the restaurant's city who has SMS on. A chef is texted about a job once, even when it reopens.
 */
export const onJobOpened: HandlerFactory<'jobs.job.opened.v1'> = (ctx) => async (tx, d) => {
  await recordJob(ctx.database, tx, d);
  await rescheduleJobReminders(ctx, tx, d.job_id);
  const vars = {
    job_id: d.job_id,
    job_title: d.title,
    start_time: d.start_time,
    hourly_rate_cents: d.hourly_rate_cents,
    restaurant_id: d.restaurant_id,
  };
  const dedupePrefix = `shift_opened:${d.job_id}:`;
  for (const chefId of new Set(d.notify_chef_ids)) {
    await queueSms(ctx, tx, {
      recipientId: chefId,
      template: 'shift_favorite',
      vars,
      dedupeKey: dedupePrefix + chefId,
      priority: PRIORITY.favorite,
    });
  }
  if (d.emergency_level !== 'urgent') return;
  const restaurant = await findRecipient(ctx.database, d.restaurant_id, tx);
  if (!restaurant?.city) {
    ctx.logger.warn({ jobId: d.job_id }, 'urgent shift: restaurant city unknown, only favorites texted');
    return;
  }
  await queueCityBroadcast(ctx, tx, { city: restaurant.city, template: 'shift_urgent', vars, dedupePrefix });
};
