import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { findJob } from '../db/read-model.repository';
import { recordedJobVars } from '../domain/text-vars';
import { queueSms } from './queue-sms';

/**
 * Issue 39: an operator hid a review that breaks the rules: its author and the side it is about are each texted,
 * once per review, that it no longer shows or counts, with the operator's reason.
 */
export async function textReviewHidden(
  ctx: NotificationsContext,
  tx: Executor,
  d: EventData<'jobs.review.hidden.v1'>,
): Promise<void> {
  const job = await findJob(ctx.database, d.job_id, tx);
  const vars = {
    ...recordedJobVars(d.job_id, job),
    application_id: d.application_id,
    chef_id: d.chef_id,
    restaurant_id: d.restaurant_id,
    review_author_side: d.author_side,
    hidden_reason: d.reason,
  };
  await queueSms(ctx, tx, {
    recipientId: d.author_id,
    template: 'review_hidden_author',
    vars,
    dedupeKey: `review_hidden_author:${d.review_id}`,
  });
  await queueSms(ctx, tx, {
    recipientId: d.subject_id,
    template: 'review_hidden_subject',
    vars,
    dedupeKey: `review_hidden_subject:${d.review_id}`,
  });
}
