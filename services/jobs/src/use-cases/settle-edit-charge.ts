import { appendEvent, type Tx } from '@brigade/kit';
import type { EventData, Language } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { heldApplicationsOf } from '../db/applications.repository';
import { lockEdit, setEditStatus } from '../db/job-edits.repository';
import { lockJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { seatsOfJob } from '../db/seats.repository';
import { eventShape, isEditable, seatsToRemove, termsOf } from '../domain/edits';
import { applyBoost } from './apply-boost';
import { applyEdit } from './apply-edit';

/**
 * Payments collected an edit's rise (`payments.edit_charge.collected.v1`, issue 35): the edit kept as
 * `charging` takes effect now, when the job can still take it (open or filled, its escrow held, not started,
 * and no fewer seats than are booked). Otherwise it is dropped and `jobs.job.edit_dropped.v1` (job_closed)
 * has payments refund the charge in full. A boost (issue 37) takes effect as `applyBoost` says. Idempotent: an edit no longer charging is left as it is.
 */
export async function applyCollectedEdit(
  ctx: JobsContext,
  tx: Tx,
  d: EventData<'payments.edit_charge.collected.v1'>,
): Promise<void> {
  const job = await lockJob(ctx.database, tx, d.job_id);
  const edit = job && (await lockEdit(ctx.database, tx, d.edit_id));
  if (!job || !edit || edit.job_id !== job.id || edit.status !== 'charging') return;
  const held = await heldApplicationsOf(ctx.database, job.id, tx);
  const seats = await seatsOfJob(ctx.database, tx, job.id);
  if (
    !isEditable(job, ctx.now()) ||
    edit.after.headcount < held.length ||
    !seatsToRemove(seats, edit.before.headcount, edit.after.headcount)
  ) {
    await setEditStatus(tx, edit.id, 'dropped');
    await appendEvent(ctx.database, tx, 'jobs.job.edit_dropped.v1', {
      job_id: job.id,
      edit_id: edit.id,
      restaurant_id: job.restaurant_id,
      title: job.title,
      before: eventShape(edit.before),
      after: eventShape(edit.after),
      charge_cents: edit.charge_cents,
      reason: 'job_closed',
    });
    await touchScopes(ctx, tx, [`r:${job.restaurant_id}`]);
    return;
  }
  await setEditStatus(tx, edit.id, 'applied');
  // Issue 37: a boost shows as boosted and tells chefs; its booked chefs get the raise without answering.
  if (edit.kind === 'boost') return applyBoost(ctx, tx, job, edit);
  const language = ((edit.after as { language?: Language }).language ?? 'en') as Language;
  await applyEdit(ctx, tx, job, {
    id: edit.id,
    before: termsOf(edit.before),
    after: termsOf(edit.after),
    charge_cents: edit.charge_cents,
    refund_cents: 0,
    language,
  });
}

/**
 * Payments could not charge an edit's rise (`payments.edit_charge.failed.v1`): the edit is declined with the
 * card's code and the job keeps its terms (the owner's `pending_edit` says so). Idempotent.
 */
export async function declineEdit(
  ctx: JobsContext,
  tx: Tx,
  d: EventData<'payments.edit_charge.failed.v1'>,
): Promise<void> {
  const job = await lockJob(ctx.database, tx, d.job_id);
  const edit = job && (await lockEdit(ctx.database, tx, d.edit_id));
  if (!job || !edit || edit.job_id !== job.id || edit.status !== 'charging') return;
  await setEditStatus(tx, edit.id, 'declined', d.decline_code ?? d.code ?? null);
  await touchScopes(ctx, tx, [`r:${job.restaurant_id}`]);
}
