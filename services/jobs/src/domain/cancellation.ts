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
import { asOneSeat } from './seats';

/** A cancellation quote with the rule explained in the caller's language (the API's answer). */
export type ExplainedQuote = CancellationQuote & { reason_text: string };

/**
 * What a restaurant's cancellation of one seat costs each side now, by the policy (issue 35: every seat is
 * quoted on its own share of the posting): paid = escrow held, `hasChef` = a chef accepted (awaiting
 * confirmation) or confirmed holds the seat, and is paid the late-cancellation pay when late.
 */
export function quoteSeatCancellation(
  policy: Policy,
  job: JobRow,
  hasChef: boolean,
  now: Date,
): CancellationQuote {
  const seat = asOneSeat(job);
  return cancellationQuote(
    policy,
    {
      start_time: seat.start_time,
      hourly_rate_cents: seat.hourly_rate_cents,
      subtotal_cents: seat.subtotal_cents,
      total_cents: seat.total_cents,
      paid: seat.payment_status === 'held_in_escrow',
      has_chef: hasChef,
    },
    now,
  );
}

/**
 * The whole job's cancellation from its seats' quotes: each side's figures summed, late when any seat is (a
 * seat with a chef decides the rule), explained in the caller's language. A job of one seat: that seat's quote.
 */
export function sumSeatQuotes(
  policy: Policy,
  quotes: readonly CancellationQuote[],
  language: Language,
): ExplainedQuote {
  const sum = (key: 'chef_pay_cents' | 'fee_cents' | 'refund_cents') =>
    quotes.reduce((total, q) => total + q[key], 0);
  const ruling = quotes.find((q) => q.late) ?? quotes.find((q) => q.rule !== 'no_chef') ?? quotes[0]!;
  return explained(
    policy,
    {
      rule: ruling.rule,
      late: ruling.late,
      chef_pay_cents: sum('chef_pay_cents'),
      fee_cents: sum('fee_cents'),
      refund_cents: sum('refund_cents'),
    } as CancellationQuote,
    language,
  );
}

/**
 * What a restaurant's cancellation of this job costs each side now (GET /jobs/{id}/cancellation, and the check
 * before cancelling): its seats quoted one by one, `chefs` of them held by a chef (accepted, awaiting
 * confirmation, or confirmed), the rest empty, and summed.
 */
export function quoteJobCancellation(
  policy: Policy,
  job: JobRow,
  chefs: number,
  now: Date,
  language: Language,
): ExplainedQuote {
  const seats = Math.max(1, job.headcount);
  const held = Math.min(chefs, seats);
  const quotes = [
    ...Array.from({ length: held }, () => quoteSeatCancellation(policy, job, true, now)),
    ...Array.from({ length: seats - held }, () => quoteSeatCancellation(policy, job, false, now)),
  ];
  return sumSeatQuotes(policy, quotes, language);
}

function explained(policy: Policy, quote: CancellationQuote, language: Language): ExplainedQuote {
  const reason_text = policyText(language, CANCELLATION_TEXT[quote.rule], {
    refund: formatUsd(quote.refund_cents),
    chef_pay: formatUsd(quote.chef_pay_cents),
    fee: formatUsd(quote.fee_cents),
    window: formatDuration(policy.lateCancelWindowMs, language),
    hours: formatPayHours(policy, language),
  });
  return { ...quote, reason_text };
}
