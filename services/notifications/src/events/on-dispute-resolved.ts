import type { Handler } from './handler';
import { recordDisputeDecision } from '../use-cases/record-dispute-decision';

/** An operator decided a disputed shift: both sides are texted the decision. */
export const onDisputeResolved: Handler<'jobs.dispute.resolved.v1'> = (ctx, tx, d) =>
  recordDisputeDecision(ctx, tx, d);
