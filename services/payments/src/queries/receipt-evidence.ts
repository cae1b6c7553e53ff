import { evidenceEntries, evidenceMoney, evidenceTime, type EvidenceEntry } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob, type JobPaymentRow } from '../db/jobs.repository';
import { ledgerEntries, type LedgerKind } from '../db/ledger.repository';

/** What each ledger movement is, in the words of a receipt. */
const MOVEMENT: Record<LedgerKind, string> = {
  charge: "Charged to the restaurant's card",
  fee: "Brigade's booking fee kept",
  transfer: 'Paid to the chef (transfer to their Stripe account)',
  refund: "Refunded to the restaurant's card",
  dispute: 'Withdrawn by the card network for this dispute',
  dispute_won: 'Returned after a card dispute was won',
  dispute_lost: 'Lost to a card dispute',
  payout: 'Paid out',
  payout_fee: 'Payout fee',
  payout_fee_returned: 'Payout fee returned',
};

/**
 * Issue 38: payments' part of a job's evidence for a card dispute (receipt), from its own records: the charge
 * of the posting (amount, card brand and last 4, the provider's id, when), then every movement of the job's
 * money in the ledger (what reached the chef, what came back to the card), with the provider's ids. A job
 * payments never heard of has no part (jobs answers the 404).
 */
export async function receiptEvidence(ctx: PaymentsContext, jobId: string): Promise<EvidenceEntry[]> {
  const job = (await findJob(ctx.database, jobId)) as
    | (JobPaymentRow & { card_brand?: string | null; card_last4?: string | null; created_at?: Date | string })
    | null;
  if (!job) return [];
  const entries = await ledgerEntries(ctx.database, jobId);
  const card =
    job.card_brand || job.card_last4
      ? `${job.card_brand ? job.card_brand[0].toUpperCase() + job.card_brand.slice(1) : 'Card'} ending in ${job.card_last4 ?? 'unknown'}`
      : 'the card on file';
  const lines = [
    `Receipt for the shift "${job.title}" booked on Brigade: ${evidenceMoney(job.total_cents)} (chef pay ${evidenceMoney(job.subtotal_cents)} plus booking fee ${evidenceMoney(job.fee_cents)}), paid with ${card}${job.payment_intent_id ? ` (Stripe PaymentIntent ${job.payment_intent_id})` : ''}.`,
    `Payment status: ${job.status.replace(/_/g, ' ')}.`,
    ...entries.map(
      (e) =>
        `${evidenceTime(e.created_at, 'UTC')}: ${MOVEMENT[e.kind] ?? e.kind}${e.seat_no > 0 ? ` (seat ${e.seat_no})` : ''}: ${evidenceMoney(e.amount_cents)}${e.provider_id ? `, Stripe id ${e.provider_id}` : ''}.`,
    ),
  ];
  const first = entries[0]?.created_at ?? job.created_at ?? new Date();
  return evidenceEntries(
    {
      section: 'receipt',
      service: 'payments',
      title: 'Receipt and money movements',
      at: new Date(first).toISOString(),
    },
    lines,
  );
}
