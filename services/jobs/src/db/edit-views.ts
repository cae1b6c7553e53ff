import type { jobsHttp } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import { shiftTerms } from '../domain/edits';
import { dueAnswersOf, pendingEditsOf } from './job-edits.repository';
import type { ViewContext } from './view-context';

// Issue 35 (ADR 0031): what the job answers say of edits. The owner reads the latest edit still being charged
// or declined (`pending_edit`); a booked chef reads the change of their shift waiting for their answer
// (`edit_to_answer`) until it is due.

/** Each job's `pending_edit` (the owner's answers only): the latest edit charging or declined, else null. */
export async function attachPendingEdits(
  ctx: ViewContext,
  jobs: Array<Pick<jobsHttp.Job, 'id' | 'pending_edit'>>,
  executor?: Executor,
): Promise<void> {
  const edits = await pendingEditsOf(
    ctx.database,
    jobs.map((j) => j.id),
    executor,
  );
  for (const job of jobs) {
    const edit = edits.get(job.id);
    job.pending_edit = edit
      ? {
          edit_id: edit.id,
          status: edit.status as 'charging' | 'declined',
          charge_cents: edit.charge_cents,
          requested_at: edit.created_at.toISOString(),
          code: edit.code,
        }
      : null;
  }
}

/**
 * A booked chef's `edit_to_answer` for their application (confirmed, on a job still open or filled): the change
 * waiting for their answer until `answer_by`, else null.
 */
export async function editToAnswerOf(
  ctx: ViewContext,
  app: { id: string; status: string; worker_confirmed: boolean | null },
  job: { status: string },
  executor?: Executor,
): Promise<jobsHttp.EditToAnswer | null> {
  if (app.status !== 'accepted' || app.worker_confirmed !== true) return null;
  if (job.status !== 'open' && job.status !== 'filled') return null;
  const answer = (await dueAnswersOf(ctx.database, [app.id], ctx.now(), executor)).get(app.id);
  if (!answer) return null;
  return {
    edit_id: answer.edit_id,
    application_id: answer.application_id,
    before: shiftTerms(answer.before),
    after: shiftTerms(answer.after),
    answer_by: answer.answer_by.toISOString(),
  };
}
