import { metrics } from '@opentelemetry/api';
import type { JobsContext } from '../context';
import { inTransaction } from '@brigade/kit';
import { claimDisputeToRemind, markDisputeReminded } from '../db/disputes.repository';

const reminders = metrics.getMeter('brigade-jobs').createCounter('brigade_dispute_reminders_total', {
  description: 'Disputes left undecided past DISPUTE_REMINDER_AFTER: operators were reminded (once each)',
});

/**
 * A dispute open longer than DISPUTE_REMINDER_AFTER (72h) is reminded to operators, once: a warn log line and
 * the brigade_dispute_reminders_total counter (what an alert pages on). Nothing else moves: the money waits
 * for a decision. One dispute per transaction, claimed past any other instance's; false when none is due.
 */
export async function remindNextDispute(ctx: JobsContext): Promise<boolean> {
  const reminded = await inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const dispute = await claimDisputeToRemind(
      ctx.database,
      tx,
      new Date(now.getTime() - ctx.policy.disputeReminderAfterMs),
    );
    if (!dispute) return null;
    await markDisputeReminded(tx, dispute, now);
    return { jobId: dispute.job_id, ageMs: now.getTime() - dispute.opened_at.getTime() };
  });
  if (!reminded) return false;
  ctx.logger.warn(
    { jobId: reminded.jobId, ageMs: reminded.ageMs, ageHours: Math.floor(reminded.ageMs / 3_600_000) },
    'dispute awaiting an operator',
  );
  reminders.add(1);
  return true;
}
