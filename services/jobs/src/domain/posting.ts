import {
  escrowCharge,
  formatDuration,
  formatUsd,
  LIMITS,
  policyText,
  type JobPay,
  type Language,
  type Policy,
} from '@brigade/contracts';
import { AppError } from '@brigade/kit';
import { JobsErrors } from './errors';

/** A minute of grace so a form filled "now" is not refused for clock skew. */
const GRACE_MS = 60_000;

/**
 * The spec's posting rules: start and end from now to 7 days ahead, end after start, and (issue 35) at least
 * MIN_SHIFT_DURATION long, refused in the caller's language. The pay is `checkedEscrowCharge`'s.
 */
export function checkPostingWindow(
  policy: Pick<Policy, 'minShiftDurationMs'>,
  start: Date,
  end: Date,
  now: Date,
  language: Language = 'en',
): void {
  const windowEnd = now.getTime() + LIMITS.postingWindowDays * 24 * 3_600_000 + GRACE_MS;
  if (start.getTime() < now.getTime() - GRACE_MS) throw JobsErrors.startInPast();
  if (end.getTime() <= start.getTime()) throw JobsErrors.endBeforeStart();
  if (end.getTime() - start.getTime() < policy.minShiftDurationMs)
    throw shiftTooShort(language, policy.minShiftDurationMs);
  if (start.getTime() > windowEnd || end.getTime() > windowEnd) throw JobsErrors.beyondWindow();
}

/**
 * What the escrow charges for a posting (the scheduled time less the break, plus 7%), refused when under the
 * card minimum: a card cannot be charged less (the provider refuses it), so such a job could never be paid.
 */
export function checkedEscrowCharge(
  policy: Pick<Policy, 'cardMinimumCents'>,
  shift: { start: Date; end: Date; hourlyRateCents: number; breakMinutes: number },
  language: Language = 'en',
): JobPay {
  const pay = escrowCharge({
    start_time: shift.start,
    end_time: shift.end,
    hourly_rate_cents: shift.hourlyRateCents,
    break_minutes: shift.breakMinutes,
  });
  if (pay.totalCents < policy.cardMinimumCents)
    throw chargeUnderMinimum(language, Math.max(0, pay.totalCents), policy.cardMinimumCents);
  return pay;
}

/** 400 JOBS.SHIFT_TOO_SHORT: the minimum in words, and as `min_shift_ms` for a screen in another language. */
export function shiftTooShort(language: Language, minMs: number): AppError {
  return new AppError(
    400,
    'JOBS.SHIFT_TOO_SHORT',
    policyText(language, 'shift_too_short', { minimum: formatDuration(minMs, language) }),
    { min_shift_ms: minMs },
  );
}

/** 400 JOBS.CHARGE_UNDER_MINIMUM: what the shift would be charged and the card minimum, in cents too. */
export function chargeUnderMinimum(language: Language, totalCents: number, minimumCents: number): AppError {
  return new AppError(
    400,
    'JOBS.CHARGE_UNDER_MINIMUM',
    policyText(language, 'charge_under_minimum', {
      total: formatUsd(totalCents),
      minimum: formatUsd(minimumCents),
    }),
    { total_cents: totalCents, card_minimum_cents: minimumCents },
  );
}
