import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordJob } from '../db/read-model.repository';
import { textDisputeDecision } from './text-dispute-decision';
import { jobFactsOf } from '../domain/text-vars';

/** An operator decided a disputed shift: both sides are texted the decision. */
export async function recordDisputeDecision(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'jobs.dispute.resolved.v1'>,
): Promise<void> {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await textDisputeDecision(ctx, tx, d);
}
