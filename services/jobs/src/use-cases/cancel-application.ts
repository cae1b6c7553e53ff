import { inTransaction, appendEvent, type AuthUser, type Tx } from '@brigade/kit';
import { applicationState, lateCancelFrom, nextApplication } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { setApplicationState } from '../db/applications.repository';
import { moveSeat, seatOfApplication } from '../db/seats.repository';
import { lockTimesheet } from '../db/timesheets.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import type { ApplicationRow, JobRow } from '../domain/records';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { lockOwnApplication } from './load-for-update';
import { reopenSeat } from './offer-to-standby';
import { recordReliability } from './record-reliability';

/**
 * The chef withdraws an application until the shift starts: pending, accepted (awaiting their confirmation)
 * or confirmed. Withdrawing an accepted or confirmed one frees its seat (issue 35: that seat only, the job's
 * other seats stay as they are): a filled shift reopens as urgent, offered first to its standby list, then to
 * everyone (issue 37, offer-to-standby.ts: jobs.offer.made.v1 of kind standby, or jobs.job.opened.v1). Within
 * LATE_CANCEL_WINDOW of the start that is a late cancellation on the chef's reliability record.
 */
export async function cancelApplication(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'language'>,
  applicationId: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockOwnApplication(ctx, tx, applicationId, 'chef', chef.id);
    if (ctx.now().getTime() >= job.start_time.getTime())
      throw JobsErrors.startedCannotBeCancelled(chef.language);
    // Clocked in (from CLOCK_IN_EARLY before the start, issue 34): the day has begun; the clock decides now.
    const ts = await lockTimesheet(ctx.database, tx, app.id);
    if (ts && ts.status !== 'not_started') throw JobsErrors.startedCannotBeCancelled(chef.language);
    await applyApplicationCancellation(ctx, tx, job, app, { by: 'chef', forceLate: false });
  });
}

/**
 * Cancel an application (its job and it locked by the caller, before the start) by the chef's cancellation
 * rules. `by: 'system'` with `forceLate` is an operator's suspension of the chef: a confirmed shift counts as
 * a late cancellation by them whatever the time; a pending or accepted (unconfirmed) one is just withdrawn.
 * Issue 37: `reason: 'missed_reconfirmation'` (the rules loop, by the chef) is late whatever the time, with
 * its reliability record, as the issue counts it.
 */
export async function applyApplicationCancellation(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  app: ApplicationRow,
  options: {
    by: 'chef' | 'system';
    forceLate: boolean;
    /** Issue 35: the chef leaves a shift the restaurant changed: no record, never late */
    reason?: 'edit_declined' | 'missed_reconfirmation';
  },
): Promise<void> {
  const now = ctx.now();
  const state = applicationState(app.status, app.worker_confirmed);
  const next = nextApplication('cancel', app);
  if (!next) throw JobsErrors.cannotCancelApplication();

  const booked = state === 'awaiting_confirmation' || state === 'confirmed';
  const late =
    options.reason === 'edit_declined'
      ? false
      : options.forceLate || options.reason === 'missed_reconfirmation'
        ? state === 'confirmed'
        : booked && now.getTime() >= lateCancelFrom(ctx.policy, job.start_time).getTime();
  // The seat a confirmed chef held (issue 35): it reopens, the job's other seats stay as they are.
  const seat = state === 'confirmed' ? await seatOfApplication(ctx.database, tx, app.id) : null;
  await setApplicationState(tx, app.id, next);
  await appendEvent(ctx.database, tx, 'jobs.application.cancelled.v1', {
    ...applicationFacts(app, job),
    cancelled_by: options.by,
    was_accepted: booked,
    was_confirmed: state === 'confirmed',
    late,
    seat_no: seat?.seat_no ?? null,
    reason: options.reason ?? null,
  });
  let statusAfter = job.status;
  if (seat && seat.status === 'filled') {
    statusAfter = await moveSeat(ctx.database, tx, job, seat.seat_no, 'reopen', {
      application_id: null,
      chef_id: null,
    });
  }
  if (booked && statusAfter === 'open') await reopenSeat(ctx, tx, job, seat?.seat_no ?? null);
  const recorded = late
    ? await recordReliability(ctx, tx, [
        {
          user_id: app.chef_id,
          user_type: 'chef',
          kind: 'late_cancellations',
          job_id: job.id,
          seat_no: seat?.seat_no ?? 1,
        },
      ])
    : [];
  const scopes = booked
    ? await scopesOfJob(ctx.database, tx, job, statusAfter)
    : [`r:${job.restaurant_id}`, `c:${app.chef_id}`];
  await touchScopes(ctx, tx, [...scopes, ...recorded]);
}
