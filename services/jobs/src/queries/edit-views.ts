import type { jobsHttp } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import { shiftTerms } from '../domain/edits';
import { dueAnswersOf, pendingEditsOf } from '../db/job-edits.repository';
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
          kind: edit.kind,
        }
      : null;
  }
}

/** An application as `edit_to_answer` reads it, with its job's status. */
export interface AnsweringApplication {
  id: string;
  status: string;
  worker_confirmed: boolean | null;
}

/**
 * A booked chef's `edit_to_answer` for each application (confirmed, on a job still open or filled): the change
 * waiting for their answer until `answer_by`, else null. One query for a page.
 */
export async function editsToAnswerOf(
  ctx: ViewContext,
  apps: Array<{ app: AnsweringApplication; job: { status: string } }>,
  executor?: Executor,
): Promise<Map<string, jobsHttp.EditToAnswer>> {
  const booked = apps
    .filter(({ app }) => app.status === 'accepted' && app.worker_confirmed === true)
    .filter(({ job }) => job.status === 'open' || job.status === 'filled')
    .map(({ app }) => app.id);
  const answers = await dueAnswersOf(ctx.database, booked, ctx.now(), executor);
  return new Map(
    [...answers.values()].map((answer) => [
      answer.application_id,
      {
        edit_id: answer.edit_id,
        application_id: answer.application_id,
        before: shiftTerms(answer.before),
        after: shiftTerms(answer.after),
        answer_by: answer.answer_by.toISOString(),
      },
    ]),
  );
}

/** One application's `edit_to_answer` (see `editsToAnswerOf`), or null. */
export async function editToAnswerOf(
  ctx: ViewContext,
  app: AnsweringApplication,
  job: { status: string },
  executor?: Executor,
): Promise<jobsHttp.EditToAnswer | null> {
  return (await editsToAnswerOf(ctx, [{ app, job }], executor)).get(app.id) ?? null;
}
