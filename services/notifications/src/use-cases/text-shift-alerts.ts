import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { PRIORITY, type TemplateName } from '../domain/rules';
import { queueSmsMany, type SmsRequest } from './queue-sms';

/** The chefs jobs chose to tell about a shift, and why (issue 37: jobs.job.opened.v1 and the fill events). */
export type ShiftAlerts = NonNullable<EventData<'jobs.job.opened.v1'>['alerts']>;
type ShiftAlert = ShiftAlerts[number];

/**
 * Text exactly the chefs jobs chose (issue 37), each as their preferences allow and each saying why they were
 * told: jobs decided who (availability, radius, blocks, ALERT_FANOUT), notifications only words and sends it.
 * `dedupePrefix` + chef id keeps each chef to one text per shift and occasion (a redelivered event, or the same
 * chef in a later event of the same occasion, queues nothing). A favorite is sent before the chefs in range.
 */
export async function textShiftAlerts(
  ctx: NotificationsContext,
  tx: Tx,
  alerts: ShiftAlerts,
  text: {
    template: (alert: ShiftAlert) => TemplateName;
    vars: Record<string, unknown>;
    dedupePrefix: string;
  },
): Promise<void> {
  const seen = new Set<string>();
  const requests: SmsRequest[] = [];
  for (const alert of alerts) {
    if (seen.has(alert.chef_id)) continue;
    seen.add(alert.chef_id);
    requests.push({
      recipientId: alert.chef_id,
      template: text.template(alert),
      vars: { ...text.vars, alert: { reason: alert.reason, miles: alert.miles, weekday: alert.weekday } },
      dedupeKey: text.dedupePrefix + alert.chef_id,
      priority: alert.reason === 'nearby' ? PRIORITY.broadcast : PRIORITY.favorite,
    });
  }
  await queueSmsMany(ctx, tx, requests);
}

/** What a job event says about its shift, as the texts' variables. */
export const shiftVars = (d: {
  job_id: string;
  title: string;
  start_time: string;
  hourly_rate_cents: number;
  restaurant_id: string;
}) => ({
  job_id: d.job_id,
  job_title: d.title,
  start_time: d.start_time,
  hourly_rate_cents: d.hourly_rate_cents,
  restaurant_id: d.restaurant_id,
});

/**
 * The text of a shift opening to a chef (when it opens, or when its roster-first window ends): a favorite's
 * own, else as urgent or new as the shift is.
 */
export const openingTemplate =
  (emergencyLevel: 'normal' | 'urgent') =>
  (alert: ShiftAlert): TemplateName =>
    alert.reason === 'favorite'
      ? 'shift_favorite'
      : emergencyLevel === 'urgent'
        ? 'shift_urgent'
        : 'shift_new';

/**
 * A roster-first window ended: the chefs jobs chose in range are told the shift is open (the favorites heard
 * when it opened). Keyed as the opening is: a chef told of the shift when it opened is not told again.
 */
export async function textRosterWindowEnded(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.roster_window_ended.v1'>,
): Promise<void> {
  await textShiftAlerts(ctx, tx, d.alerts, {
    template: openingTemplate(d.emergency_level),
    vars: shiftVars(d),
    dedupePrefix: `shift_opened:${d.job_id}:`,
  });
}

/** A shift was boosted: the chefs jobs chose in range hear the new rate ("now $28.00/h (boosted)"), once per shift. */
export async function textShiftBoosted(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.job.boosted.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  await textShiftAlerts(ctx, tx, d.alerts, {
    template: () => 'shift_boosted',
    vars: shiftVars(d),
    dedupePrefix: `shift_boosted:${d.job_id}:`,
  });
}
