import { appendEvent, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { idOf } from '../adapters/stripe';
import { payoutAccountOf } from '../db/connected-accounts.repository';
import { insertLedgerEntry, ledgerEntryId } from '../db/ledger.repository';
import { closeTask, findTask } from '../db/money-tasks.repository';
import { findTip, markTipPaid } from '../db/tips.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { seatOfMetadata } from '../domain/idempotency-keys';
import { reportAnomaly, type RecordOutcome } from './report-anomaly';

/** A transfer as the provider returned it (the shape record-settlement's TransferFacts has). */
interface TransferFacts {
  id: string;
  amount: number;
  currency?: string;
  destination?: string | { id: string } | null;
  transfer_group?: string | null;
  metadata?: Record<string, string> | null;
}

/**
 * A tip's transfer exists at the provider (the runner's answer, or a retrieve made because a webhook named it):
 * if it is the seat's tip transfer task, for exactly the tip (no fee), in usd, to the chef's connected account in
 * the job's transfer group, and the tip's charge is booked: into the ledger once (transfer, part 'tip'), the tip is
 * `paid` and `payments.tip.paid.v1` said once. Anything else is an anomaly and moves nothing.
 */
export async function recordTipTransfer(
  ctx: PaymentsContext,
  tx: Executor,
  jobId: string,
  transfer: TransferFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<RecordOutcome> {
  const { database } = ctx;
  const seatNo = seatOfMetadata(transfer.metadata);
  const tip = await findTip(database, { job_id: jobId, seat_no: seatNo }, tx, true);
  const task = tip ? await findTask(database, tx, jobId, 'transfer', 'tip', seatNo) : null;
  if (!tip || !task)
    return reportAnomaly(ctx, tx, source, { reason: 'no_matching_task', objectId: transfer.id, jobId });
  const recorded = await ledgerEntryId(database, jobId, 'transfer', tx, 'tip', seatNo);
  if (recorded?.provider_id === transfer.id) return 'duplicate';
  if (
    transfer.amount !== tip.amount_cents ||
    transfer.amount !== task.amount_cents ||
    transfer.currency !== 'usd'
  )
    return reportAnomaly(ctx, tx, source, {
      reason: 'amount_mismatch',
      objectId: transfer.id,
      jobId,
      details: {
        amount: transfer.amount,
        currency: transfer.currency ?? null,
        expected_cents: tip.amount_cents,
      },
    });
  if (recorded || tip.status !== 'charged')
    return reportAnomaly(ctx, tx, source, {
      reason: 'exceeds_charge',
      objectId: transfer.id,
      jobId,
      details: { tip_status: tip.status, already_transferred: Boolean(recorded) },
    });
  const account = await payoutAccountOf(database, tip.chef_id, tx);
  if (!account || idOf(transfer.destination) !== account.account_id || transfer.transfer_group !== jobId)
    return reportAnomaly(ctx, tx, source, {
      reason: 'destination_mismatch',
      objectId: transfer.id,
      jobId,
      details: { destination: idOf(transfer.destination), transfer_group: transfer.transfer_group ?? null },
    });
  await insertLedgerEntry(database, tx, {
    job_id: jobId,
    seat_no: seatNo,
    kind: 'transfer',
    part: 'tip',
    amount_cents: transfer.amount,
    provider_id: transfer.id,
  });
  await closeTask(database, tx, task.id);
  await markTipPaid(database, tx, tip.id, transfer.id);
  await appendEvent(database, tx, 'payments.tip.paid.v1', {
    tip_id: tip.id,
    application_id: tip.application_id,
    job_id: jobId,
    restaurant_id: tip.restaurant_id,
    chef_id: tip.chef_id,
    amount_cents: tip.amount_cents,
    transfer_id: transfer.id,
  });
  return 'recorded';
}
