import { inTransaction, appendEvent } from '@brigade/kit';
import { applicationState, checkoutOutcome } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { applicationsOfJob } from '../db/applications.repository';
import { claimJobPastCheckoutDeadline, updateJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { outcomeStatus } from '../domain/checkout';
import { checkoutAnswers, checkoutReliabilityFacts } from '../domain/reliability';
import { applicationFacts, moneyFacts } from '../domain/facts';
import { openDispute } from './open-dispute';
import { recordReliability } from './record-reliability';

/**
 * The checkout deadline (CHECKOUT_DEADLINE after the end) of one filled shift passed without both answers:
 * the answer given stands (worked: paid out; did not work: refunded), nobody answering pays the chef. The job
 * is completed (or disputed, were the answers to disagree), jobs.checkout.deadline_passed.v1 tells payments
 * what to move, and the outcome goes on the reliability records (a restaurant's uncontested "did not work" is
 * the chef's no-show). One job per transaction, claimed past any other instance's: returns false when no
 * shift is due.
 */
export async function resolveNextCheckoutDeadline(ctx: JobsContext): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const endedBy = new Date(ctx.now().getTime() - ctx.policy.checkoutDeadlineMs);
    const job = await claimJobPastCheckoutDeadline(ctx.database, tx, endedBy);
    if (!job) return false;
    const apps = await applicationsOfJob(ctx.database, tx, job.id);
    const app = apps.find((a) => applicationState(a.status, a.worker_confirmed) === 'confirmed');
    const answers = checkoutAnswers(job);
    const outcome = checkoutOutcome(answers.restaurant, answers.chef, true);
    const next = outcome && outcomeStatus(job, outcome);
    if (!app || !outcome || !next) return false; // the claim only returns filled shifts with a confirmed chef

    await updateJob(tx, job.id, next);
    if (next.status === 'disputed') await openDispute(ctx, tx, job, app.chef_id);
    await appendEvent(ctx.database, tx, 'jobs.checkout.deadline_passed.v1', {
      ...applicationFacts(app, job),
      outcome,
      restaurant_work_completed: answers.restaurant,
      chef_work_completed: answers.chef,
      ...moneyFacts(job),
    });
    const recorded = await recordReliability(
      ctx,
      tx,
      checkoutReliabilityFacts(job, app.chef_id, outcome, answers),
    );
    await touchScopes(ctx, tx, [...(await scopesOfJob(ctx.database, tx, job, next.status)), ...recorded]);
    return true;
  });
}
