import { useTranslation } from 'react-i18next';
import { SETTLEMENT_POLL_MS } from '../../shared/shiftConstants';
import { Alert } from '../../shared/components/Alert';
import { type JobPosting, isFinal } from '../jobs';
import { paymentsApi, type Settlement } from './paymentsApi';

/** The job is closed (completed, cancelled or expired) but the money has not moved yet: it may be late. */
export function awaitingSettlement(job: Partial<JobPosting> | undefined): boolean {
  if (!job?.id || job.payment_status !== 'held_in_escrow') return false;
  return isFinal(job);
}

/** The line a side reads about a late payout or refund (null while nothing is late). */
export function settlementText(
  settlement: Settlement | null | undefined,
  side: 'chef' | 'restaurant',
  t: (key: string) => string,
): string | null {
  if (!settlement || settlement.state !== 'delayed') return null;
  if (settlement.kind === 'payout' && settlement.reason === 'payout_account_missing')
    return t(`settlement.payout.accountMissing.${side}`);
  const why = settlement.reason === 'provider_unavailable' ? 'provider' : 'other';
  return t(`settlement.${settlement.kind}.${why}`);
}

/**
 * Says so on screen when the chef's payout or the restaurant's refund is delayed (the payment provider not
 * answering, or the chef's payout setup unfinished). The server retries on its own; this only reads
 * `GET /payments/job/{id}` while the job waits for its money to move.
 */
export function SettlementNotice({ jobId, side }: { jobId: string; side: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('payments');
  const { data } = paymentsApi.useJobPaymentQuery(jobId, { pollingInterval: SETTLEMENT_POLL_MS });
  const text = settlementText(data?.settlement, side, t);
  if (!text) return null;
  return (
    <Alert tone="warning">
      <span data-testid="settlement-notice">{text}</span>
    </Alert>
  );
}
