import { WorkLoop } from '@brigade/kit';
import { retryDue } from '../db/translation-retries.repository';
import type { MessagingContext } from '../context';
import { retryDueTranslations } from '../use-cases/retry-translations';

/**
 * The loop that retries translations that failed or timed out (issue 32), kept in `translation_retries` so
 * they survive a restart. Every `TRANSLATE_RETRY_POLL_MS` an idle process asks one prepared question (is any
 * due?); any number of instances may run it (each translation claimed with FOR UPDATE SKIP LOCKED and a lease).
 */
export function translationRetryLoop(ctx: MessagingContext, pollMs: number): WorkLoop {
  return new WorkLoop({
    name: 'messaging translation retries',
    pollMs,
    logger: ctx.logger,
    pass: () => retryDueTranslations(ctx),
    idleCheck: () => retryDue(ctx.database, ctx.retries.now()),
  });
}
