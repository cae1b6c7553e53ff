import { applicationState } from '@brigade/contracts';
import { appendEvent, inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { touchScopes } from '../db/list-versions.repository';
import { markReconfirmed } from '../db/reconfirmations.repository';
import { seatOfApplication } from '../db/seats.repository';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { lockOwnApplication } from './load-for-update';

/**
 * The confirmed chef says they are still coming (issue 37): from RECONFIRM_OPENS before the start (when the
 * rules loop asks them, or a moment before it does) until their reconfirm_by. Stored (`reconfirmed_at`) and
 * published (`jobs.reconfirmation.received.v1`); a second call answers the same, changing nothing. Refused,
 * nothing changed: another chef's application (404), one whose seat was released for a missed reconfirmation
 * or whose reconfirm_by passed (409 JOBS.RECONFIRM_RELEASED), one with none due, not yet due or not confirmed
 * (409 JOBS.RECONFIRM_NOT_DUE, with `opens_at` when it is due later).
 */
export async function reconfirmApplication(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id'>,
  applicationId: string,
): Promise<void> {
  const now = ctx.now();
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockOwnApplication(ctx, tx, applicationId, 'chef', chef.id);
    if (app.reconfirmed_at) return;
    const confirmed = applicationState(app.status, app.worker_confirmed) === 'confirmed';
    if (!confirmed && app.reconfirm_asked_at) throw JobsErrors.reconfirmReleased();
    if (!confirmed || !app.reconfirm_by) throw JobsErrors.reconfirmNotDue(null);
    const opensAt = new Date(
      app.reconfirm_by.getTime() - (ctx.policy.reconfirmOpensMs - ctx.policy.reconfirmByMs),
    );
    if (now.getTime() < opensAt.getTime()) throw JobsErrors.reconfirmNotDue(opensAt.toISOString());
    if (now.getTime() >= app.reconfirm_by.getTime()) throw JobsErrors.reconfirmReleased();
    await markReconfirmed(tx, app.id, now);
    const seat = await seatOfApplication(ctx.database, tx, app.id);
    await appendEvent(ctx.database, tx, 'jobs.reconfirmation.received.v1', {
      ...applicationFacts(app, job),
      seat_no: seat?.seat_no ?? 1,
      reconfirmed_at: now.toISOString(),
    });
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${app.chef_id}`]);
  });
}
