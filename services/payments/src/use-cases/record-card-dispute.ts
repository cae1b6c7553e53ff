import type Stripe from 'stripe';
import { appendEvent, sql, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { idOf } from '../adapters/stripe';
import {
  closeCardDispute,
  findCardDispute,
  insertCardDispute,
  jobOfDisputedCharge,
  setCardDisputeStatus,
} from '../db/card-disputes.repository';
import { POSTING_SEAT } from '../db/ledger.repository';
import type { MoneySource } from '../domain/anomaly';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

// Issue 38 (ADR 0035): a card dispute as the provider reports it (a retrieve, never the event's copy).

const DECIDED = new Set(['won', 'lost']);

/**
 * An inquiry (Stripe's `warning_*` statuses, a retrieval request) withdraws nothing: only a chargeback does (an
 * inquiry that escalates becomes one, and is withdrawn then).
 */
const isInquiry = (status: string) => status.startsWith('warning_');

/** A dispute's movement at the posting's seat 0, of part `dispute:{dp}`, once (the unique index keeps one). */
async function book(
  ctx: PaymentsContext,
  tx: Executor,
  jobId: string,
  disputeId: string,
  kind: 'dispute' | 'dispute_won' | 'dispute_lost' | 'charge',
  amountCents: number,
  providerId: string,
): Promise<boolean> {
  const part = `dispute:${disputeId}`;
  const inserted = await ctx.database.rows(
    sql`insert into ${sql.raw(ctx.database.schema)}.ledger_entries
          (job_id, seat_no, kind, amount_cents, provider_id, idempotency_key, part, split)
        values (${jobId}, ${POSTING_SEAT}, ${kind}, ${amountCents}, ${providerId},
                ${`job:${jobId}:${kind}:${part}`}, ${part}, 0)
        on conflict do nothing returning id`,
    tx,
  );
  return inserted.length > 0;
}
export { book as bookCardDisputeMovement };

/**
 * Record a dispute the provider reported (created, updated, closed, or the provider's answer to submit/accept):
 * first heard of, it must be on a charge of ours (the escrow's PaymentIntent, an extra's, an edit's, a tip's)
 * for at most what the job was charged; then the row and the amount withdrawn (`dispute`) once, and
 * `payments.card_dispute.opened.v1`. Its status follows the provider's; a decision is booked once: won, the
 * amount back (`dispute_won`); lost, booked as a loss (`dispute_lost`), the restaurant flagged until it settles,
 * and `payments.card_dispute.closed.v1`. `closing`: the event claimed a decision; the provider saying the dispute
 * is still open makes it an anomaly that moves nothing.
 */
export async function recordCardDispute(
  ctx: PaymentsContext,
  tx: Executor,
  dispute: Stripe.Dispute,
  source: MoneySource,
  closing = false,
): Promise<RecordOutcome> {
  if (closing && !DECIDED.has(dispute.status))
    return reportAnomaly(ctx, tx, source, {
      reason: 'dispute_not_closed',
      objectId: dispute.id,
      details: { status: dispute.status },
    });
  const chargeId = idOf(dispute.charge as string | { id: string });
  const paymentIntentId = idOf(dispute.payment_intent as string | { id: string } | null);
  let row = await findCardDispute(ctx.database, dispute.id, tx, true);
  let outcome: RecordOutcome = 'duplicate';
  if (!row) {
    const job = chargeId ? await jobOfDisputedCharge(ctx.database, tx, paymentIntentId, chargeId) : null;
    if (!job)
      return reportAnomaly(ctx, tx, source, {
        reason: 'unknown_dispute',
        objectId: dispute.id,
        details: { charge: chargeId, payment_intent: paymentIntentId },
      });
    if (dispute.currency !== 'usd' || dispute.amount <= 0 || dispute.amount > job.charged_cents)
      return reportAnomaly(ctx, tx, source, {
        reason: 'amount_mismatch',
        objectId: dispute.id,
        jobId: job.job_id,
        details: { amount: dispute.amount, currency: dispute.currency, charged_cents: job.charged_cents },
      });
    const dueBy = dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null;
    const inserted = await insertCardDispute(ctx.database, tx, {
      id: dispute.id,
      job_id: job.job_id,
      restaurant_id: job.restaurant_id,
      charge_id: chargeId!,
      payment_intent_id: paymentIntentId,
      amount_cents: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
      evidence_due_by: dueBy,
    });
    row = await findCardDispute(ctx.database, dispute.id, tx, true);
    if (!row) throw new Error(`card dispute ${dispute.id} not recorded`);
    if (inserted) outcome = 'recorded';
  }
  if (row.outcome) return outcome;
  const dueBy = dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null;
  await setCardDisputeStatus(ctx.database, tx, row.id, dispute.status, dueBy);
  // A chargeback (not an inquiry) withdraws the amount, once, whenever it is first seen as one.
  if (
    !isInquiry(dispute.status) &&
    (await book(ctx, tx, row.job_id, row.id, 'dispute', row.amount_cents, row.id))
  ) {
    await appendEvent(ctx.database, tx, 'payments.card_dispute.opened.v1', {
      dispute_id: row.id,
      job_id: row.job_id,
      restaurant_id: row.restaurant_id,
      amount_cents: row.amount_cents,
      reason: row.reason,
      evidence_due_by: dueBy?.toISOString() ?? null,
    });
    outcome = 'recorded';
  }
  const decided = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : null;
  if (!decided) return outcome;
  if (!(await closeCardDispute(ctx.database, tx, row.id, decided))) return outcome;
  await book(
    ctx,
    tx,
    row.job_id,
    row.id,
    decided === 'won' ? 'dispute_won' : 'dispute_lost',
    row.amount_cents,
    row.id,
  );
  await appendEvent(ctx.database, tx, 'payments.card_dispute.closed.v1', {
    dispute_id: row.id,
    job_id: row.job_id,
    restaurant_id: row.restaurant_id,
    amount_cents: row.amount_cents,
    outcome: decided,
  });
  return 'recorded';
}
