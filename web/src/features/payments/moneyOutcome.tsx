// How a closed job's money left escrow, in words each side understands: the refund's reason (the payments
// events' `job_cancelled`, `work_not_completed`, `job_expired`) and a split (`settled`: the chef paid part, 7% of
// that kept, the rest refunded).
import { useTranslation } from 'react-i18next';
import type { JobPosting } from '../jobs/jobsApi';
import { formatCents } from '../../app/format';

export type RefundReason = 'job_cancelled' | 'work_not_completed' | 'job_expired';
export type SettledReason = 'late_cancellation' | 'dispute_decision';

/** Why the whole charge went back (null unless the payment is refunded). */
export function refundReason(job: Partial<JobPosting>): RefundReason | null {
  if (job.payment_status !== 'refunded') return null;
  if (job.status === 'expired') return 'job_expired';
  if (job.status === 'cancelled') return 'job_cancelled';
  return 'work_not_completed';
}

/** Why the money was split (null unless the payment is settled). */
export function settledReason(job: Partial<JobPosting>): SettledReason | null {
  if (job.payment_status !== 'settled') return null;
  return job.status === 'cancelled' ? 'late_cancellation' : 'dispute_decision';
}

/** The sentence for a side, or null when there is nothing to say (the money is not closed, or not theirs). */
export function moneyOutcomeText(
  job: Partial<JobPosting>,
  side: 'chef' | 'restaurant',
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  const refund = refundReason(job);
  if (refund) {
    if (side === 'chef' && refund !== 'work_not_completed') return null;
    const amount = job.cancellation?.refund_cents ?? job.total_cents ?? 0;
    return t(`outcome.refunded.${refund}.${side}`, { amount: formatCents(amount) });
  }
  const settled = settledReason(job);
  if (settled) {
    const c = job.cancellation;
    return t(`outcome.settled.${settled}.${side}`, {
      chef_pay: formatCents(c?.chef_pay_cents ?? 0),
      fee: formatCents(c?.fee_cents ?? 0),
      refund: formatCents(c?.refund_cents ?? 0),
    });
  }
  return null;
}

export function MoneyOutcome({
  job,
  side,
  as: Tag = 'span',
}: {
  job: Partial<JobPosting>;
  side: 'chef' | 'restaurant';
  as?: 'span' | 'p';
}) {
  const { t } = useTranslation('payments');
  const text = moneyOutcomeText(job, side, t);
  if (!text) return null;
  return (
    <Tag className={Tag === 'p' ? 'hint money-outcome' : 'money-outcome'} data-testid="money-outcome">
      {text}
    </Tag>
  );
}
