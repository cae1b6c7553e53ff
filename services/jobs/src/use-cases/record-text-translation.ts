import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { isJobTextKind, keepTextTranslation, type JobTextKind } from '../db/text-translations.repository';

/**
 * Whether a translation is jobs' to keep: a text of a job. Any other (a restaurant's description, identity's)
 * is taken by the subscription without a transaction (`onlyWhen`).
 */
export function isJobTextTranslation<T extends { owner: string; kind: string }>(
  t: T,
): t is T & { kind: JobTextKind } {
  return t.owner === 'jobs' && isJobTextKind(t.kind);
}

/**
 * Messaging translated a text of a job (`messaging.text.translated.v1`, owner jobs): kept beside the version
 * it was made of, and the job's lists move so every reader's next poll shows it. Another owner's text, an
 * unknown job or an older version than the one kept changes nothing (a redelivery sets the same again).
 */
export async function recordTextTranslation(
  ctx: JobsContext,
  tx: Tx,
  t: EventData<'messaging.text.translated.v1'>,
): Promise<void> {
  if (!isJobTextTranslation(t)) return;
  const jobId = await keepTextTranslation(ctx.database, tx, t.kind, t.id, {
    written_at: t.written_at,
    language: t.original_language,
    translated_text: t.translated_text,
    translated_language: t.translated_text === null ? null : t.translated_language,
  });
  if (!jobId) {
    ctx.logger.info({ kind: t.kind, id: t.id }, 'translation of an unknown or newer text; ignored');
    return;
  }
  const job = await findJob(ctx.database, jobId, tx);
  if (job) await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
}
