import { recordJob } from '../db/read-model.repository';
import { textDisputeDecision } from '../use-cases/text-dispute-decision';
import { jobFactsOf, type Handler } from './handler';

/** An operator decided a disputed shift: both sides are texted the decision. */
export const onDisputeResolved: Handler<'jobs.dispute.resolved.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await textDisputeDecision(ctx, tx, d);
};
