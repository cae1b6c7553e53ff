/**
 * When a failed translation is tried again (issue 32): after each failure the next attempt waits the next of
 * `delaysMs` (TRANSLATE_RETRY_DELAYS_MS), the last one repeating for as long as it takes: a translation is
 * retried until it lands, at most once per that delay, never given up because the machine was busy.
 */
export class RetryPolicy {
  constructor(
    readonly delaysMs: readonly number[],
    private readonly clock: () => Date = () => new Date(),
  ) {
    if (delaysMs.length === 0) throw new Error('RetryPolicy needs at least one delay');
  }

  now(): Date {
    return this.clock();
  }

  /** When the first retry is due, for a translation that just failed. */
  firstAttemptAt(): Date {
    return this.nextAttemptAt(1);
  }

  /** When the next attempt is due after `attempts` failed ones. */
  nextAttemptAt(attempts: number): Date {
    const delay = this.delaysMs[Math.min(Math.max(attempts, 1), this.delaysMs.length) - 1];
    return new Date(this.clock().getTime() + delay);
  }
}
