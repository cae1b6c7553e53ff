import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { applicantsAmong, findRecipient, recordJob } from '../db/read-model.repository';
import { PRIORITY, type TemplateName } from '../domain/rules';
import { queueCityBroadcast, queueSmsMany } from './queue-sms';
import { rescheduleJobReminders } from './reminders';
import { openingTemplate, shiftVars, textShiftAlerts } from './text-shift-alerts';

/**
 * A shift is visible to chefs. With `alerts` (issue 37) jobs chose who is told and why: exactly those chefs are
 * texted, each with the reason. Without (events published before): the favorites the restaurant named are
 * texted first; an urgent shift then goes to every chef of the restaurant's city who has SMS on. A chef is
 * texted about a job once, even when it reopens, except when its confirmed chef cancelled
 * (`announce_as_urgent`): then the chefs are told again, as urgent, once per reopening, leaving out the chefs who
 * applied (the one who left included).
 */
export async function announceOpenJob(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.opened.v1'>,
  event: EventEnvelope<EventData<'jobs.job.opened.v1'>>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await rescheduleJobReminders(ctx, tx, d.job_id);
  const vars = shiftVars(d);
  const again = d.reopened && d.announce_as_urgent;
  const template: TemplateName = again ? 'shift_reopened' : 'shift_favorite';
  // a reopening is its own announcement: its event id names it (a redelivery is dropped by the kit)
  const dedupePrefix = again ? `shift_reopened:${d.job_id}:${event.id}:` : `shift_opened:${d.job_id}:`;
  if (d.alerts) {
    await textShiftAlerts(ctx, tx, d.alerts, {
      template: again ? () => 'shift_reopened' : openingTemplate(d.emergency_level),
      vars,
      dedupePrefix,
    });
    return;
  }
  const favorites = [...new Set(d.notify_chef_ids)];
  const skip = again ? await applicantsAmong(ctx.database, tx, d.job_id, favorites) : new Set<string>();
  await queueSmsMany(
    ctx,
    tx,
    favorites
      .filter((id) => !skip.has(id))
      .map((chefId) => ({
        recipientId: chefId,
        template,
        vars,
        dedupeKey: dedupePrefix + chefId,
        priority: PRIORITY.favorite,
      })),
  );
  if (d.emergency_level !== 'urgent' && !again) return;
  const restaurant = await findRecipient(ctx.database, d.restaurant_id, tx);
  if (!restaurant?.city) {
    ctx.logger.warn({ jobId: d.job_id }, 'urgent shift: restaurant city unknown, only favorites texted');
    return;
  }
  await queueCityBroadcast(ctx, tx, {
    city: restaurant.city,
    template: again ? 'shift_reopened' : 'shift_urgent',
    vars,
    dedupePrefix,
    exceptApplicantsOf: again ? d.job_id : undefined,
  });
}
