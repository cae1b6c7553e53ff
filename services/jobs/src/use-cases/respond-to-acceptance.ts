import { randomInt } from 'node:crypto';
import { nextApplication, nextJobStatus } from '@brigade/contracts';
import { inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationsOfJob, setApplicationState } from '../db/applications.repository';
import { updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import { announceOpenJob } from './announce-open-job';
import { ensureChefFree } from './ensure-chef-free';
import { lockApplicationAndJob } from './load-for-update';

/** 4 random digits: the code a chef types to clock in or out without a location. */
const newClockCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * The accepted chef answers. Confirming fills the job and turns down the other pending applications (only
 * before the start: a shift nobody confirmed by then expires), unless the chef holds another shift that
 * overlaps it (409 JOBS.OVERLAPPING_SHIFT naming it); declining leaves the job open for another chef
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
    const { job, app } = await lockApplicationAndJob(ctx, tx, applicationId);
    if (app.chef_id !== chefId) throw JobsErrors.applicationNotFound();
    const started = job.start_time.getTime() <= ctx.now().getTime();
    if (confirmed && started) throw JobsErrors.shiftStarted();
    const next = nextApplication(confirmed ? 'confirm' : 'decline', app);
    if (!next) throw JobsErrors.notAwaitingConfirmation();
    const scopes = await scopesOfJob(ctx.database, tx, job);
    if (confirmed) {
      const filled = nextJobStatus('fill', job.status);
      if (!filled) throw JobsErrors.jobNotOpen();
      await ensureChefFree(ctx, tx, chefId, job, { side: 'chef', language: chef.language });
      await setApplicationState(tx, app.id, next);
      // The restaurant's clock code for this shift (issue 34): kept when a chef confirmed before.
      await updateJob(tx, job.id, { status: filled, clock_code: job.clock_code ?? newClockCode() });
      await appendEvent(ctx.database, tx, 'jobs.application.confirmed.v1', applicationFacts(app, job));
      for (const other of await applicationsOfJob(ctx.database, tx, job.id)) {
        if (other.id === app.id) continue;
        const closed = nextApplication('close', other);
        if (!closed) continue;
        await setApplicationState(tx, other.id, closed);
        await appendEvent(ctx.database, tx, 'jobs.application.rejected.v1', applicationFacts(other, job));
      }
    } else {
      await setApplicationState(tx, app.id, next);
      await appendEvent(ctx.database, tx, 'jobs.application.declined.v1', applicationFacts(app, job));
      if (job.status === 'open' && !started) await announceOpenJob(ctx, tx, job, true);
    }
    await touchScopes(ctx, tx, scopes);
  });
}
