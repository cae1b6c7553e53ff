import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * Issue 39: an operator decided an appeal of a mark: the appellant (a chef or a restaurant) is texted, in their
 * language, whether the mark was removed or kept, with the link to their record (the decision's note is there).
 * Once per appeal.
 */
export async function textAppealDecision(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.appeal.decided.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  await queueSms(ctx, tx, {
    recipientId: d.user_id,
    template: d.outcome === 'remove' ? 'appeal_removed' : 'appeal_kept',
    // the restaurant's city says the shift's time zone (a chef's text names the shift in it)
    vars: { ...recordedJobVars(d.job_id, job), restaurant_id: job?.restaurant_id, mark_kind: d.mark_kind },
    dedupeKey: `appeal_decided:${d.appeal_id}`,
  });
}
