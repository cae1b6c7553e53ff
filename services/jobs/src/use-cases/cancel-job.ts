import { inTransaction, appendEvent, type AuthUser, type Tx } from '@brigade/kit';
import { nextJobStatus, type CancellationQuote } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { bookedApplicationOf } from '../db/applications.repository';
import { lockJob, updateJob } from '../db/jobs.repository';
import { lowestFreeSeat, seatsOfJob, setSeatsStatus, updateSeat } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import type { JobRow } from '../domain/records';
import { quoteJobCancellation, type ExplainedQuote } from '../domain/cancellation';
import { JobsErrors } from '../domain/errors';
import { jobFacts } from '../domain/facts';
import { announceText } from './announce-text';
import { moveApplicationsOfJob } from './move-applications';
import { recordReliability } from './record-reliability';

/**
 * The owner cancels a job before its start, by the cancellation rules (contracts/src/policy.ts): quoted under
 * the job's lock, so the figures answered are the ones applied. Live applications are withdrawn; the job keeps
 * how it was cancelled; jobs.job.cancelled.v1 tells payments what to move (refund_due when escrow was held:
 * a full refund, or on a late cancellation the chef's pay, the fee kept and the rest refunded) and the chef
 * who was booked. A late cancellation goes on the restaurant's reliability record. After the start: 409.
 */
export async function cancelJob(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'language'>,
  jobId: string,
  reason: string | null = null,
): Promise<ExplainedQuote> {
  return inTransaction(ctx, async (tx) => {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job || job.restaurant_id !== user.id) throw JobsErrors.jobNotFound();
    const next = nextJobStatus('cancel', job.status);
    if (!next) throw JobsErrors.cannotCancelJob(job.status);
    const now = ctx.now();
    const booked = await bookedApplicationOf(ctx.database, job.id, tx);
    const quote = quoteJobCancellation(ctx.policy, job, booked !== null, now, user.language);
    if (quote.rule === 'started') throw JobsErrors.startedCannotBeCancelled(user.language);

    await applyJobCancellation(ctx, tx, job, {
      booked,
      quote,
      by: 'restaurant',
      reason,
      language: user.language,
    });
    return quote;
  });
}

/**
 * Cancel a job locked by the caller, by a quote made under that lock: withdraw its live applications, keep how
 * it was cancelled, publish jobs.job.cancelled.v1 and, when late, the restaurant's late_cancellations fact.
 * The owner's cancellation and an operator's suspension of the restaurant (cancelled_by system) share it.
 */
export async function applyJobCancellation(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  c: {
    /** the accepted (awaiting confirmation) or confirmed application, paid on a late cancellation */
    booked: { id: string; chef_id: string } | null;
    quote: CancellationQuote;
    by: 'restaurant' | 'system';
    reason: string | null;
    /** The writer's language: the owner's reason is translated for the chefs (issue 32); Brigade's is not. */
    language?: 'en' | 'es';
  },
): Promise<void> {
  const next = nextJobStatus('cancel', job.status);
  if (!next) throw JobsErrors.cannotCancelJob(job.status);
  const { booked, quote, reason } = c;
  const chefId = booked?.chef_id ?? null;
  const now = ctx.now();
  // The seat the quote's chef holds (issue 35): a confirmed chef's own; an acceptance awaiting its chef's answer
  // is given the lowest free seat now, under the job's lock, so that its pay is the seat's. While every job has
  // one seat, that seat carries the whole quote.
  const seats = await seatsOfJob(ctx.database, tx, job.id);
  let paid = booked ? seats.find((s) => s.application_id === booked.id) : undefined;
  if (booked && !paid) {
    const free = await lowestFreeSeat(ctx.database, tx, job.id);
    if (free) {
      await updateSeat(tx, job.id, free.seat_no, { application_id: booked.id, chef_id: booked.chef_id });
      paid = { ...free, application_id: booked.id, chef_id: booked.chef_id };
    }
  }
  const quoted = paid ?? seats[0]!;
  const withdrawn = await moveApplicationsOfJob(ctx, tx, job.id, 'withdraw');
  const reasonTranslation =
    c.language && c.by === 'restaurant'
      ? await announceText(ctx, tx, {
          kind: 'cancellation_reason',
          jobId: job.id,
          words: reason,
          language: c.language,
          writtenAt: now,
        })
      : null;
  await updateJob(tx, job.id, {
    status: next,
    cancelled_at: now,
    cancelled_by: c.by,
    cancelled_late: quote.late,
    cancel_reason: reason,
    cancel_reason_translation: reasonTranslation,
  });
  const figures = {
    chef_id: chefId,
    chef_pay_cents: quote.chef_pay_cents,
    fee_cents: quote.fee_cents,
    refund_cents: quote.refund_cents,
  };
  await updateSeat(tx, job.id, quoted.seat_no, {
    cancelled_chef_id: figures.chef_id,
    cancel_chef_pay_cents: figures.chef_pay_cents,
    cancel_fee_cents: figures.fee_cents,
    cancel_refund_cents: figures.refund_cents,
  });
  await setSeatsStatus(tx, job.id, ['open', 'filled'], 'cancelled');
  await appendEvent(ctx.database, tx, 'jobs.job.cancelled.v1', {
    ...jobFacts(job),
    previous_status: job.status,
    refund_due: job.payment_status === 'held_in_escrow',
    affected_chef_ids: withdrawn.map((a) => a.chef_id),
    cancelled_by: c.by,
    late: quote.late,
    ...figures,
    reason,
    seats: [{ seat_no: quoted.seat_no, application_id: paid?.application_id ?? null, ...figures }],
  });
  const recorded = quote.late
    ? await recordReliability(ctx, tx, [
        { user_id: job.restaurant_id, user_type: 'restaurant', kind: 'late_cancellations', job_id: job.id },
      ])
    : [];
  await touchScopes(ctx, tx, [...(await scopesOfJob(ctx.database, tx, job, next)), ...recorded]);
}
