import { randomUUID } from 'node:crypto';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { jobEditsHttp } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { insertEdit } from '../db/job-edits.repository';
import { lockJob } from '../db/jobs.repository';
import { storedShape, type EditInput } from '../domain/edits';
import { JobsErrors } from '../domain/errors';
import { applyEdit, storedAfter } from './apply-edit';
import { checkEdit } from './check-edit';
import { requestEditCharge } from './request-edit-charge';

export interface EditOutcome {
  /** 200: applied now; 202: its rise is being charged to the card on file */
  status: 200 | 202;
  quote: jobEditsHttp.EditQuote;
  answers_due_by: string | null;
}

/**
 * The owner edits a posted shift (`PATCH /jobs/{id}`, issue 35, ADR 0031), checked and applied under the job's
 * lock so the figures answered are the ones moved. An edit whose total does not rise takes effect now (its
 * refund in `jobs.job.edited.v1`); one whose total rises is kept as `charging` and `jobs.job.edit_requested.v1`
 * asks payments to charge the difference off-session: it takes effect when payments says it collected it
 * (`settleEditCharge`). Every edit is kept in jobs.job_edits.
 */
export async function editJob(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'language'>,
  jobId: string,
  input: EditInput,
): Promise<EditOutcome> {
  return inTransaction(ctx, async (tx) => {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job || job.restaurant_id !== user.id) throw JobsErrors.jobNotFound();
    const checked = await checkEdit(ctx, tx, job, input, user.language);
    const { before, after, money, quote } = checked;
    if (money.charge_cents > 0) {
      await requestEditCharge(ctx, tx, job, {
        kind: 'edit',
        before,
        after,
        chargeCents: money.charge_cents,
        language: user.language,
      });
      return { status: 202, quote, answers_due_by: null };
    }
    const id = randomUUID();
    await insertEdit(tx, {
      id,
      job_id: job.id,
      before: storedShape(before),
      after: storedAfter(after, user.language),
      charge_cents: 0,
      refund_cents: money.refund_cents,
      status: 'applied',
      created_at: ctx.now(),
    });
    const applied = await applyEdit(ctx, tx, job, {
      id,
      before,
      after,
      charge_cents: 0,
      refund_cents: money.refund_cents,
      language: user.language,
    });
    return { status: 200, quote, answers_due_by: applied.answers_due_by };
  });
}
