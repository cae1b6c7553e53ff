import { inTransaction, appendEvent, type AuthUser, type Tx } from '@brigade/kit';
import { nextJobStatus, type CancelledSeat } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { heldApplicationsOf } from '../db/applications.repository';
import { lockJob, updateJob } from '../db/jobs.repository';
import {
  lowestFreeSeat,
  seatOfApplication,
  seatsOfJob,
  setSeatsStatus,
  updateSeat,
} from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import type { JobRow } from '../domain/records';
import {
  quoteJobCancellation,
  quoteSeatCancellation,
  sumSeatQuotes,
  type ExplainedQuote,
} from '../domain/cancellation';
import { JobsErrors } from '../domain/errors';
import { jobFacts } from '../domain/facts';
import { announceText } from './announce-text';
import { closeJobOffers } from './close-job-offers';
import { closeStandby } from './leave-standby';
import { moveApplicationsOfJob } from './move-applications';
import { recordReliability } from './record-reliability';

/**
 * The owner cancels a job before its start, by the cancellation rules (contracts/src/policy.ts), seat by seat
 * (issue 35): quoted under the job's lock, so the figures answered are the ones applied. Live applications are
 * withdrawn; each seat keeps its figures; jobs.job.cancelled.v1 tells payments what to move per seat
 * (`seats`: on a late cancellation every seat held by a chef pays that chef the late-cancellation pay and
 * keeps its fee, every other seat's share is refunded whole) and the chefs who were booked. A late
 * cancellation goes on the restaurant's reliability record. After the start: 409.
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
    const held = await heldApplicationsOf(ctx.database, job.id, tx);
    const quote = quoteJobCancellation(ctx.policy, job, held.length, now, user.language);
    if (quote.rule === 'started') throw JobsErrors.startedCannotBeCancelled(user.language);

    return applyJobCancellation(ctx, tx, job, {
      at: now,
      by: 'restaurant',
      reason,
      language: user.language,
    });
  });
}

/**
 * Cancel a job locked by the caller, quoted at `at` under that lock, seat by seat: the seats held by a chef
 * (a confirmed chef's own; an acceptance awaiting its chef's answer is given the lowest free seat now, so that
 * its pay is the seat's) and the empty ones, each quoted on its share (domain/cancellation.ts). It withdraws the
 * live applications and offers, keeps how it was cancelled and each seat's figures, publishes
 * jobs.job.cancelled.v1 (the posting's totals at the top, each seat in `seats`) and, when late, the restaurant's
 * late_cancellations fact.
 * The owner's cancellation and an operator's suspension of the restaurant (cancelled_by system) share it.
 * Returns the whole quote.
 */
export async function applyJobCancellation(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  c: {
    /** when the quote is made (an operator's suspension quotes as at the late window's opening) */
    at: Date;
    by: 'restaurant' | 'system';
    reason: string | null;
    /** The writer's language: the owner's reason is translated for the chefs (issue 32); Brigade's is not. */
    language?: 'en' | 'es';
  },
): Promise<ExplainedQuote> {
  const next = nextJobStatus('cancel', job.status);
  if (!next) throw JobsErrors.cannotCancelJob(job.status);
  const { reason } = c;
  const now = ctx.now();
  // Every seat a chef holds: a confirmed chef's own; an acceptance awaiting an answer takes a free one.
  for (const app of await heldApplicationsOf(ctx.database, job.id, tx)) {
    if (await seatOfApplication(ctx.database, tx, app.id)) continue;
    const free = await lowestFreeSeat(ctx.database, tx, job.id);
    if (!free) break;
    await updateSeat(tx, job.id, free.seat_no, { application_id: app.id, chef_id: app.chef_id });
  }
  const seats = (await seatsOfJob(ctx.database, tx, job.id)).filter(
    (s) => s.status === 'open' || s.status === 'filled',
  );
  const quotes = seats.map((s) => quoteSeatCancellation(ctx.policy, job, s.chef_id !== null, c.at));
  const cancelled: CancelledSeat[] = seats.map((s, i) => ({
    seat_no: s.seat_no,
    application_id: s.application_id,
    chef_id: s.chef_id,
    chef_pay_cents: quotes[i]!.chef_pay_cents,
    fee_cents: quotes[i]!.fee_cents,
    refund_cents: quotes[i]!.refund_cents,
  }));
  const quote = sumSeatQuotes(ctx.policy, quotes, c.language ?? 'en');
  const withdrawn = await moveApplicationsOfJob(ctx, tx, job.id, 'withdraw');
  // Its live offers are withdrawn (issue 35); the chefs holding them read it on their offers.
  await closeJobOffers(ctx, tx, job, 'withdrawn');
  // Its standby list closes (issue 37).
  await closeStandby(ctx, tx, job);
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
  for (const seat of cancelled)
    await updateSeat(tx, job.id, seat.seat_no, {
      cancelled_chef_id: seat.chef_id,
      cancel_chef_pay_cents: seat.chef_pay_cents,
      cancel_fee_cents: seat.fee_cents,
      cancel_refund_cents: seat.refund_cents,
    });
  await setSeatsStatus(tx, job.id, ['open', 'filled'], 'cancelled');
  // The top-level figures are the posting's totals (a job of one seat: its seat's, as before seats); the chef
  // named there is the one chef paid, when only one is.
  const paidChefs = cancelled.filter((s) => s.chef_id !== null);
  await appendEvent(ctx.database, tx, 'jobs.job.cancelled.v1', {
    ...jobFacts(job),
    previous_status: job.status,
    refund_due: job.payment_status === 'held_in_escrow',
    affected_chef_ids: withdrawn.map((a) => a.chef_id),
    cancelled_by: c.by,
    late: quote.late,
    chef_id: paidChefs.length === 1 ? paidChefs[0]!.chef_id : null,
    chef_pay_cents: quote.chef_pay_cents,
    fee_cents: quote.fee_cents,
    refund_cents: quote.refund_cents,
    reason,
    seats: cancelled,
  });
  const recorded = quote.late
    ? await recordReliability(ctx, tx, [
        { user_id: job.restaurant_id, user_type: 'restaurant', kind: 'late_cancellations', job_id: job.id },
      ])
    : [];
  await touchScopes(ctx, tx, [...(await scopesOfJob(ctx.database, tx, job, next)), ...recorded]);
  return quote;
}
