import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { queueSms } from './queue-sms';

/**
 * A restaurant offered a chef one of its shifts (issue 35): the chef is texted the restaurant, the shift's day
 * and time and what it pays them, with the link to their dashboard where they accept or decline it. Once per
 * offer; SMS Notifications off: recorded as suppressed. Issue 37: a standby offer (a reopened seat offered to
 * the next chef on the shift's standby list) says so, and for how many minutes the seat is theirs.
 */
export async function textOfferMade(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.offer.made.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  const standby = d.kind === 'standby';
  // STANDBY_OFFER_MINUTES, or fewer when the shift starts sooner (at least 1: "in 0 minutes" says nothing)
  const left = Date.parse(d.expires_at) - ctx.now().getTime();
  const minutes = Math.max(1, Math.round(Math.min(ctx.config.policy.standbyOfferMs, left) / 60_000));
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: standby ? 'standby_offer' : 'shift_offer',
    vars: {
      job_id: d.job_id,
      job_title: d.title,
      start_time: d.start_time,
      hourly_rate_cents: d.hourly_rate_cents,
      chef_pay_cents: d.chef_pay_cents,
      restaurant_id: d.restaurant_id,
      ...(standby ? { minutes } : {}),
    },
    dedupeKey: `shift_offer:${d.offer_id}`,
  });
}
