import { inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { answerOf, clearAnswer } from '../db/job-edits.repository';
import { touchScopes } from '../db/list-versions.repository';
import { seatOfApplication } from '../db/seats.repository';
import { EditErrors } from '../domain/edits';
import { applicationFacts } from '../domain/facts';
import { applyApplicationCancellation } from './cancel-application';
import { lockOwnApplication } from './load-for-update';

/**
 * A booked chef answers an edit of their shift's times or pay (`POST /applications/{id}/edit-answer`, issue 35)
 * before it is due: they keep it (`accept: true`), or leave it with no record and never late: their seat reopens
 * at the new terms exactly as when a confirmed chef cancels (`jobs.application.cancelled.v1` with reason
 * `edit_declined`, from which payments unbooks the seat; its share stays in escrow for the next chef). Either
 * way `jobs.application.edit_answered.v1`. 409 JOBS.NO_EDIT_TO_ANSWER when nothing is due.
 */
export async function answerEdit(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'language'>,
  applicationId: string,
  accept: boolean,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { job, app } = await lockOwnApplication(ctx, tx, applicationId, 'chef', chef.id);
    const answer = await answerOf(ctx.database, app.id, tx);
    const seat = await seatOfApplication(ctx.database, tx, app.id);
    const now = ctx.now();
    if (
      !answer ||
      answer.answer_by.getTime() <= now.getTime() ||
      !seat ||
      seat.status !== 'filled' ||
      now.getTime() >= job.start_time.getTime()
    )
      throw EditErrors.noEditToAnswer();
    await clearAnswer(tx, app.id);
    if (!accept)
      await applyApplicationCancellation(ctx, tx, job, app, {
        by: 'chef',
        forceLate: false,
        reason: 'edit_declined',
      });
    await appendEvent(ctx.database, tx, 'jobs.application.edit_answered.v1', {
      ...applicationFacts(app, job),
      seat_no: seat.seat_no,
      edit_id: answer.edit_id,
      accept,
    });
    if (accept) await touchScopes(ctx, tx, [`r:${job.restaurant_id}`, `c:${app.chef_id}`]);
  });
}
