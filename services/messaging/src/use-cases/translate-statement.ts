import type { EventData } from '@brigade/contracts';
import type { MessagingContext } from '../context';
import { DISPUTE_STATEMENT, translateText } from './translate-text';

/**
 * A side of a disputed job wrote a statement for the operator (`jobs.dispute.statement_added.v1`): translated
 * into the other language (en <-> es) as every text is (`translate-text.ts`), answered with
 * `messaging.statement.translated.v1` (null: no translator). A translation that fails or times out is retried
 * until it lands; the operator reads the original, marked untranslated, meanwhile. Once per statement.
 */
export async function translateStatement(
  ctx: MessagingContext,
  data: EventData<'jobs.dispute.statement_added.v1'>,
): Promise<void> {
  await translateText(ctx, {
    ...DISPUTE_STATEMENT,
    id: data.statement_id,
    writtenAt: data.created_at,
    jobId: data.job_id,
    text: data.text,
    language: data.language,
  });
}
