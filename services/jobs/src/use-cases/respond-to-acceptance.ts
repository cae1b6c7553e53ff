import { nextApplication } from '@brigade/contracts';
import { inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { setApplicationState } from '../db/applications.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { lowestFreeSeat } from '../db/seats.repository';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { announceOpenJob } from './announce-open-job';
import { bookSeat } from './book-seat';
import { lockOwnApplication } from './load-for-update';

/**
 * The accepted chef answers. Confirming books the seat (`bookSeat`: fills the job and turns down the other
 * pending applications; only before the start: a shift nobody confirmed by then expires), unless the chef holds
 * another shift that overlaps it (409 JOBS.OVERLAPPING_SHIFT naming it); declining leaves the job open for another chef
 * (jobs.job.opened.v1 with reopened true, unless it has started and is about to expire) and frees the time.
 */
export async function respondToAcceptance(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'language'>,
  applicationId: string,
  confirmed: boolean,
): Promise<void> {
  const chefId = chef.id;
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockOwnApplication(ctx, tx, applicationId, 'chef', chefId);
    const started = job.start_time.getTime() <= ctx.now().getTime();
    if (confirmed && started) throw JobsErrors.shiftStarted();
    const next = nextApplication(confirmed ? 'confirm' : 'decline', app);
    if (!next) throw JobsErrors.notAwaitingConfirmation();
    const scopes = await scopesOfJob(ctx.database, tx, job);
    if (confirmed) {
      await bookSeat(ctx, tx, job, app, next, chef.language);
    } else {
      await setApplicationState(tx, app.id, next);
      await appendEvent(ctx.database, tx, 'jobs.application.declined.v1', applicationFacts(app, job));
      // The seat the acceptance was meant for is free again (issue 35: the lowest free one).
      const free = await lowestFreeSeat(ctx.database, tx, job.id);
      if (job.status === 'open' && !started)
        await announceOpenJob(ctx, tx, job, true, false, free?.seat_no ?? null);
    }
    await touchScopes(ctx, tx, scopes);
  });
}
