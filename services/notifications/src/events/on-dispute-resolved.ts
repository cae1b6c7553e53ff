import { recordJob } from '../db/read-model';
import { textDisputeDecision } from '../use-cases/text-dispute-decision';
import { jobFactsOf, type HandlerFactory } from './handler';

/** An operator decided a disputed shift: both sides are texted the decision. */
export const onDisputeResolved: HandlerFactory<'jobs.dispute.resolved.v1'> = (ctx) => async (tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await textDisputeDecision(ctx, tx, d);
};
