import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { findJob, recordJob } from '../db/read-model.repository';
import { forSeats } from '../domain/dedupe-keys';
import { queueSms } from './queue-sms';
import { dropReminders } from './reminders';

/**
 * At the start, the seats of a posting of several that nobody booked expired while its booked seats go on
 * (issue 35, ADR 0030). The restaurant reads which seats expired, that their share goes back to its card and
 * that its booked chefs still come; each chef whose application lapsed is told, as when a whole shift expires.
 * The job is not expired: the booked chefs' reminders (and the restaurant's about them) stay; only reminders
 * about a lapsed chef, should any exist, are dropped.
 */
export async function textSeatsExpired(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.seat.expired.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, d);
  const lapsed = [...new Set(d.lapsed_chef_ids)];
  for (const chefId of lapsed)
    await dropReminders(
      ctx,
      tx,
      { jobId: d.job_id, chefId, kinds: ['job_reminder', 'rating_reminder', 'checkout_deadline'] },
      'seat_expired',
    );
  const job = await findJob(ctx.database, d.job_id, tx);
  const seats = [...new Set(d.seats)].sort((a, b) => a - b);
  const vars = {
    job_id: d.job_id,
    job_title: d.title,
    start_time: d.start_time,
    restaurant_id: d.restaurant_id,
  };
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'seats_expired',
    vars: {
      ...vars,
      seats,
      headcount: d.headcount,
      refund_due: d.refund_due,
      refund_cents: d.refund_due ? expiredShare(job?.total_cents ?? null, d.headcount, seats.length) : null,
    },
    // one text per expiry of a job's seats: its seats name it (a replay, or the same seats announced again, sends nothing)
    dedupeKey: forSeats(`seats_expired:${d.job_id}`, seats),
  });
  for (const chefId of lapsed) {
    await queueSms(ctx, tx, {
      recipientId: chefId,
      template: 'application_lapsed',
      vars,
      dedupeKey: `application_lapsed:${d.job_id}:${chefId}`,
    });
  }
}

/**
 * What goes back for the expired seats: the posting's charge (jobs.job.posted.v1, the whole posting's) is priced
 * per seat × headcount, so each seat's share is an exact division (contracts' `seatShare`); null when the charge
 * is unknown or does not divide (the text then names the share without a figure).
 */
function expiredShare(total: number | null, headcount: number, expired: number): number | null {
  if (total === null || total % headcount !== 0) return null;
  return (total / headcount) * expired;
}
