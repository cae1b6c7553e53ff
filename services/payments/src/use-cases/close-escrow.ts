import { appendEvent, type Executor } from '@brigade/kit';
import { nextPaymentStatus, type PaymentAction } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { findDecision, type DecisionRow } from '../db/decisions.repository';
import { markClosed, type JobPaymentRow } from '../db/jobs.repository';
import { ledgerEntryId } from '../db/ledger.repository';
import { openTaskCount } from '../db/money-tasks.repository';
import type { Decision, RefundReason } from '../domain/decision';
import { seatOfJob } from '../queries/seat-of-job';

type SplitReason = Extract<Decision, { kind: 'split' }>['reason'];
/** The reasons a split closes with (`payments.escrow.settled.v1`); anything else reads as a late cancellation. */
const SPLIT_REASONS: ReadonlySet<string> = new Set<SplitReason>([
  'late_cancellation',
  'dispute_decision',
  'timesheet',
  'sent_home',
]);

/** The lifecycle move (contracts/src/lifecycles/payment.ts) that closes a job by its decision. */
const CLOSING: Record<DecisionRow['kind'], PaymentAction> = {
  release: 'released',
  refund: 'refunded',
  split: 'settled',
};

/**
 * Once every movement of a seat's decision is in the ledger (in the transaction that recorded the last one),
 * the seat's escrow closes: release -> `completed` with `payments.payout.released.v1`, full refund -> `refunded`
 * with `payments.escrow.refunded.v1`, split -> `settled` with one `payments.escrow.settled.v1`, each naming the
 * seat and its application. The job row is locked by the caller, so two movements recorded at once close it once.
 * The job's status follows from its seats (closed once every seat is final).
 */
export async function closeEscrowIfDone(
  ctx: PaymentsContext,
  tx: Executor,
  job: JobPaymentRow,
  seatNo: number,
) {
  const { database } = ctx;
  if ((await openTaskCount(database, tx, job.job_id, seatNo)) > 0) return;
  const decision = await findDecision(database, job.job_id, seatNo, tx);
  const seat = await seatOfJob(ctx, tx, job, seatNo);
  const next = decision ? nextPaymentStatus(CLOSING[decision.kind], seat.status) : null;
  if (!decision || !next) {
    ctx.logger.error(
      { job: job.job_id, seat: seatNo, status: seat.status, decision: decision?.kind ?? null },
      'every movement is recorded but the escrow cannot close: no decision, or the seat is not held',
    );
    return;
  }
  await markClosed(database, tx, job.job_id, seatNo, next);
  const entryId = async (kind: 'transfer' | 'refund') =>
    (await ledgerEntryId(database, job.job_id, kind, tx, 'escrow', seatNo))?.provider_id ?? null;
  const transferId = await entryId('transfer');
  const refundId = await entryId('refund');
  const ids = { job_id: job.job_id, restaurant_id: job.restaurant_id };
  const seatIds = { seat_no: seatNo, application_id: seat.application_id };
  if (decision.kind === 'release')
    await appendEvent(database, tx, 'payments.payout.released.v1', {
      ...ids,
      chef_id: decision.chef_id!,
      transfer_id: transferId!,
      amount_cents: decision.chef_pay_cents,
      reason:
        decision.reason === 'dispute_decision' || decision.reason === 'timesheet'
          ? decision.reason
          : 'release',
      fee_cents: decision.fee_cents,
      ...seatIds,
    });
  else if (decision.kind === 'refund')
    await appendEvent(database, tx, 'payments.escrow.refunded.v1', {
      ...ids,
      refund_id: refundId!,
      amount_cents: decision.refund_cents,
      reason: decision.reason as RefundReason,
      ...seatIds,
      chef_id: seat.chef_id,
    });
  else
    await appendEvent(database, tx, 'payments.escrow.settled.v1', {
      ...ids,
      chef_id: decision.chef_id!,
      transfer_id: transferId,
      chef_pay_cents: decision.chef_pay_cents,
      fee_cents: decision.fee_cents,
      refund_id: refundId,
      refund_cents: decision.refund_cents,
      reason: SPLIT_REASONS.has(decision.reason) ? (decision.reason as SplitReason) : 'late_cancellation',
      subtotal_cents: seat.subtotal_cents,
      ...seatIds,
    });
}
