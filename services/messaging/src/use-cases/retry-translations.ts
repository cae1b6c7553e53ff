import { claimDueRetry, postponeRetry } from '../db/translation-retries.repository';
import { parseTextKey } from '../db/text-translations.repository';
import type { MessagingContext } from '../context';
import { retryMessageTranslation } from './retry-message-translation';
import { retryTextTranslation } from './translate-text';

/** At most this many translations are tried in one pass of the retry loop. */
export const RETRY_BATCH = 10;

/**
 * One pass of the retry loop: the translations that are due, one at a time (each claimed for this instance
 * with a lease longer than a translation can take), until none is due, `RETRY_BATCH` were tried, or one
 * fails: the machine is still busy or down, so the others wait for the next pass rather than pile onto it.
 * A failed one is due again after its next backoff delay. Returns how many landed (0 ends the loop's burst).
 */
export async function retryDueTranslations(ctx: MessagingContext): Promise<number> {
  let landed = 0;
  for (let i = 0; i < RETRY_BATCH; i++) {
    const now = ctx.retries.now();
    const row = await claimDueRetry(ctx.database, now, new Date(now.getTime() + ctx.retryLeaseMs));
    if (!row) break;
    const result =
      row.subject === 'message'
        ? await retryMessageTranslation(ctx, row.key)
        : await retryTextTranslation(ctx, parseTextKey(row.key));
    if (result.outcome === 'failed') {
      await postponeRetry(ctx.database, row, ctx.retries.nextAttemptAt(row.attempts + 1), result.error);
      ctx.logger.info(
        { subject: row.subject, key: row.key, attempts: row.attempts + 1 },
        'translation still failing; retried later',
      );
      return 0;
    }
    landed++;
  }
  return landed;
}
