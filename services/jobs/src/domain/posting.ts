import { computeJobPay, LIMITS, type JobPay } from '@brigade/contracts';
import { JobsErrors } from './errors';

/** A minute of grace so a form filled "now" is not refused for clock skew. */
const GRACE_MS = 60_000;

/** The spec's posting rules: start and end from now to 7 days ahead, end after start. Returns the pay. */
export function checkPostingWindow(start: Date, end: Date, hourlyRate: number, now: Date): JobPay {
  const windowEnd = now.getTime() + LIMITS.postingWindowDays * 24 * 3_600_000 + GRACE_MS;
  if (start.getTime() < now.getTime() - GRACE_MS) throw JobsErrors.startInPast();
  if (end.getTime() <= start.getTime()) throw JobsErrors.endBeforeStart();
  if (start.getTime() > windowEnd || end.getTime() > windowEnd) throw JobsErrors.beyondWindow();
  return computeJobPay(start, end, hourlyRate);
}
