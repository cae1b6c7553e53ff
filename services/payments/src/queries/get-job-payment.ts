import type { AuthUser } from '@brigade/kit';
import type { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { ledgerEntries, ledgerTotals } from '../db/ledger.repository';
import { tasksOfJob, type TaskProgress } from '../db/money-tasks.repository';
import { seatsOf } from '../db/seat-payments.repository';
import { jobNotFound } from '../domain/errors';
import { seatOfJob } from './seat-of-job';
import { isPayable } from '../domain/escrow-state';
import { jobCardDispute } from './card-disputes';

/**
 * `GET /payments/job/{jobId}`: the job's escrow for its restaurant (the whole posting: its charge and every
 * seat's movements), and for the chef who worked it or is paid. On a posting of several seats (issue 35) a chef
 * reads their own seat: its share, its status, its movements (and its share of the posting's charge).
 */
export async function getJobPayment(ctx: PaymentsContext, user: AuthUser, jobId: string) {
  const posting = await findJob(ctx.database, jobId);
  if (!posting) throw jobNotFound();
  const isOwner = posting.restaurant_id === user.id;
  const several = (posting.headcount ?? 1) > 1;
  const ownSeat =
    !isOwner && several
      ? (await seatsOf(ctx.database, jobId)).find((seat) => seat.chef_id === user.id)
      : undefined;
  if (!isOwner && (several ? !ownSeat : posting.chef_id !== user.id)) throw jobNotFound();
  const job = ownSeat ? await seatOfJob(ctx, undefined, posting, ownSeat.seat_no) : posting;
  const seatNo = ownSeat?.seat_no ?? null;
  const entries = (await ledgerEntries(ctx.database, jobId))
    .filter((e) => seatNo === null || e.seat_no === seatNo || e.seat_no === 0)
    // Issue 38: a card dispute is between the restaurant, its bank and the platform: not on a chef's seat.
    .filter((e) => seatNo === null || !e.part.startsWith('dispute:'))
    .map((e) => ({
      kind: e.kind,
      // the chef's seat reads its share of the posting's charge
      amount_cents: seatNo !== null && e.seat_no === 0 ? job.total_cents : e.amount_cents,
      at: new Date(e.created_at).toISOString(),
      // issue 38: what the movement belongs to (a tip's charge and transfer are part 'tip')
      part: partOf(e.part),
    }));
  // Issue 38: a tip's charge and transfer are in charged and transferred, and said apart in tip_cents.
  const tipCents = entries
    .filter((e) => e.part === 'tip' && e.kind === 'charge')
    .reduce((t, e) => t + e.amount_cents, 0);
  const totals =
    seatNo === null ? withTips(await ledgerTotals(ctx.database, jobId), entries) : totalsOf(entries);
  // Issue 38: the job's card dispute, and what of it was lost (the restaurant's view; named once there is one).
  const cardDispute = isOwner ? await jobCardDispute(ctx, jobId) : null;
  const disputedLost = cardDispute
    ? {
        disputed_lost_cents: entries
          .filter((e) => e.kind === 'dispute_lost')
          .reduce((t, e) => t + e.amount_cents, 0),
      }
    : {};
  const settlements = (await tasksOfJob(ctx.database, jobId, seatNo)).map(settlementOf);
  return {
    job_id: job.job_id,
    title: job.title,
    payment_status: job.status,
    amount_cents: job.total_cents,
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    total_cents: job.total_cents,
    currency: 'usd' as const,
    payment_intent_id: isOwner ? job.payment_intent_id : null,
    /** Only while the restaurant can still pay (the pay page confirms with it). */
    client_secret:
      isOwner && isPayable(job.status) && !job.cancelled_at && !job.expired_at ? job.client_secret : null,
    cancelled: job.cancelled_at !== null,
    last_error:
      isOwner && job.status === 'failed'
        ? {
            code: job.last_error_code,
            decline_code: job.last_decline_code,
            message: job.last_error_message ?? 'Payment failed',
          }
        : null,
    ledger: { ...totals, tip_cents: tipCents, ...disputedLost, entries },
    settlement: mostRelevant(settlements, isOwner ? 'refund' : 'payout'),
    settlements,
    card_dispute: cardDispute,
  };
}

/** The ledger part of an entry as the API names it (an edit's or a dispute's without its id). */
function partOf(part: string): 'escrow' | 'extra' | 'edit' | 'tip' | 'dispute' {
  if (part.startsWith('edit:')) return 'edit';
  if (part.startsWith('dispute:')) return 'dispute';
  return part === 'extra' || part === 'tip' ? part : 'escrow';
}

/** The escrow's totals with the job's tips' charges and transfers added (issue 38). */
function withTips<T extends { charged_cents: number; transferred_cents: number }>(
  totals: T,
  entries: Array<{ kind: string; amount_cents: number; part?: string }>,
): T {
  const tips = (kind: string) =>
    entries.filter((e) => e.part === 'tip' && e.kind === kind).reduce((t, e) => t + e.amount_cents, 0);
  return {
    ...totals,
    charged_cents: totals.charged_cents + tips('charge'),
    transferred_cents: totals.transferred_cents + tips('transfer'),
  };
}

/** A seat's totals from its entries. */
function totalsOf(entries: Array<{ kind: string; amount_cents: number }>) {
  const sum = (kind: string) =>
    entries.filter((e) => e.kind === kind).reduce((t, e) => t + e.amount_cents, 0);
  return {
    charged_cents: sum('charge'),
    fee_cents: sum('fee'),
    transferred_cents: sum('transfer'),
    refunded_cents: sum('refund'),
  };
}

const REASONS = {
  provider: 'provider_unavailable',
  payout_account: 'payout_account_missing',
  other: 'other',
} as const;

/** One movement of the job's money as both sides may read it: what moves, whether it is late, and why. */
function settlementOf(task: TaskProgress): paymentsHttp.Settlement {
  const done = task.status === 'done';
  const failed = !done && task.last_error_kind !== null;
  return {
    kind: task.kind === 'transfer' ? 'payout' : 'refund',
    state: done ? 'done' : failed ? 'delayed' : 'in_progress',
    reason: failed ? (REASONS[task.last_error_kind!] ?? 'other') : null,
    attempts: Number(task.attempts),
    last_attempt_at: task.last_attempt_at ? new Date(task.last_attempt_at).toISOString() : null,
    next_retry_at: done ? null : new Date(task.next_attempt_at).toISOString(),
  };
}

/**
 * The movement a person waits for: their own first (the chef's payout, the restaurant's refund), else the one
 * still on its way (the restaurant of a released shift sees the chef's payout).
 */
function mostRelevant(
  settlements: paymentsHttp.Settlement[],
  own: paymentsHttp.Settlement['kind'],
): paymentsHttp.Settlement | null {
  const rank = (s: paymentsHttp.Settlement) => (s.kind === own ? 0 : 2) + (s.state === 'done' ? 1 : 0);
  return [...settlements].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
