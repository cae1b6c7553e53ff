import { lateCancelFrom, type EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { heldApplicationsOf, liveApplicationsOfChef, lockApplication } from '../db/applications.repository';
import { quoteJobCancellation } from '../domain/cancellation';
import { cancellableJobIdsOf, lockJob } from '../db/jobs.repository';
import { recordSuspension } from '../db/offers.repository';
import { applyApplicationCancellation } from './cancel-application';
import { applyJobCancellation } from './cancel-job';
import { withdrawChefOffers } from './withdraw-chef-offers';

export const SUSPENSION_REASON = 'account suspended';

/**
 * An operator suspended a user (identity.user.suspended.v1): what they had going on the marketplace is
 * unwound by the usual rules, on their behalf (`cancelled_by: 'system'`), in the event's transaction.
 * - A chef: pending and accepted (unconfirmed) applications are withdrawn; a confirmed shift that has not
 *   started is cancelled by the chef's rules as a LATE cancellation by them (the shift reopens and is announced
 *   as urgent, a late_cancellations fact on their record); the offers waiting for their answer are withdrawn
 *   and each restaurant told (issue 35, `withdrawChefOffers`).
 * - A restaurant: its shifts without a chef (awaiting payment, payment failed, open with nobody accepted) are
 *   cancelled with a full refund; a shift with an accepted or confirmed chef that has not started is cancelled
 *   as a late cancellation by it (the chef gets the late-cancellation pay).
 * Shifts already started are left to checkout. Whatever is already unwound is skipped: the same event twice
 * changes nothing more. The suspension is kept (read model) so that nobody offers the user a shift (issue 35)
 * until `liftSuspension`.
 */
export async function applySuspension(
  ctx: JobsContext,
  tx: Tx,
  s: EventData<'identity.user.suspended.v1'>,
): Promise<void> {
  await recordSuspension(ctx.database, tx, {
    userId: s.user_id,
    suspendedAt: s.suspended_at,
    occurredAt: s.suspended_at,
  });
  if (s.user_type === 'chef') await unwindChef(ctx, tx, s.user_id);
  else if (s.user_type === 'restaurant') await unwindRestaurant(ctx, tx, s.user_id);
}

/** An operator reinstated a user (identity.user.reinstated.v1): they may be offered shifts again. */
export async function liftSuspension(
  ctx: JobsContext,
  tx: Tx,
  r: EventData<'identity.user.reinstated.v1'>,
): Promise<void> {
  await recordSuspension(ctx.database, tx, {
    userId: r.user_id,
    suspendedAt: null,
    occurredAt: r.reinstated_at,
  });
}

async function unwindChef(ctx: JobsContext, tx: Tx, chefId: string): Promise<void> {
  const live = await liveApplicationsOfChef(ctx.database, tx, chefId);
  for (const { id, job_id } of live) {
    const job = await lockJob(ctx.database, tx, job_id);
    const app = await lockApplication(ctx.database, tx, id);
    if (!job || !app || app.chef_id !== chefId) continue;
    if (ctx.now().getTime() >= job.start_time.getTime()) continue; // started: checkout (or expiry) decides
    if (!['pending', 'accepted'].includes(app.status) || app.worker_confirmed === false) continue;
    await applyApplicationCancellation(ctx, tx, job, app, { by: 'system', forceLate: true });
  }
  await withdrawChefOffers(ctx, tx, chefId);
}

async function unwindRestaurant(ctx: JobsContext, tx: Tx, restaurantId: string): Promise<void> {
  for (const id of await cancellableJobIdsOf(ctx.database, tx, restaurantId)) {
    const job = await lockJob(ctx.database, tx, id);
    if (!job || !['pending_payment', 'payment_failed', 'open', 'filled'].includes(job.status)) continue;
    const now = ctx.now();
    if (now.getTime() >= job.start_time.getTime()) continue; // started: checkout (or expiry) decides
    const held = await heldApplicationsOf(ctx.database, job.id, tx);
    // With a chef the cancellation is late whatever the time: quoted as at the window's opening at the latest.
    const lateFrom = lateCancelFrom(ctx.policy, job.start_time).getTime();
    const quotedAt = held.length > 0 ? new Date(Math.max(now.getTime(), lateFrom)) : now;
    const quote = quoteJobCancellation(ctx.policy, job, held.length, quotedAt, 'en');
    if (quote.rule === 'started') continue;
    await applyJobCancellation(ctx, tx, job, { at: quotedAt, by: 'system', reason: SUSPENSION_REASON });
  }
}
