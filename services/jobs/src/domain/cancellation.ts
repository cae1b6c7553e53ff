import {
  CANCELLATION_TEXT,
  cancellationQuote,
  formatDuration,
  formatPayHours,
  formatUsd,
  policyText,
  type CancellationQuote,
  type Language,
  type Policy,
} from '@brigade/contracts';
import type { JobRow } from './records';

/** A cancellation quote with the rule explained in the caller's language (the API's answer). */
export type ExplainedQuote = CancellationQuote & { reason_text: string };

/**
 * What a restaurant's cancellation of this job costs each side now, by the policy: paid = escrow held,
 * has_chef = a chef accepted (awaiting confirmation) or confirmed.
 */
export function quoteJobCancellation(
  policy: Policy,
  job: JobRow,
  hasChef: boolean,
  now: Date,
  language: Language,
): ExplainedQuote {
  const quote = cancellationQuote(
    policy,
    {
      start_time: job.start_time,
      hourly_rate_cents: job.hourly_rate_cents,
      subtotal_cents: job.subtotal_cents,
      total_cents: job.total_cents,
      paid: job.payment_status === 'held_in_escrow',
      has_chef: hasChef,
    },
    now,
  );
  const reason_text = policyText(language, CANCELLATION_TEXT[quote.rule], {
    refund: formatUsd(quote.refund_cents),
    chef_pay: formatUsd(quote.chef_pay_cents),
    fee: formatUsd(quote.fee_cents),
    window: formatDuration(policy.lateCancelWindowMs, language),
    hours: formatPayHours(policy, language),
  });
  return { ...quote, reason_text };
}
