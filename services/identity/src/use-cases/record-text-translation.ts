import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { keepDescriptionTranslation } from '../db/text-translations.repository';
import type { IdentityContext } from '../context';

/**
 * Whether a translation is identity's to keep: a restaurant's description. Any other (a job's texts, jobs')
 * is taken by the subscription without a transaction (`onlyWhen`).
 */
export function isDescriptionTranslation(t: { owner: string; kind: string }): boolean {
  return t.owner === 'identity' && t.kind === 'restaurant_description';
}

/**
 * Messaging translated a restaurant's description (`messaging.text.translated.v1`, owner identity): kept
 * beside the version it was made of, shown with the profile from then on. Another owner's text, or another
 * version than the one saved, changes nothing.
 */
export async function recordTextTranslation(
  ctx: IdentityContext,
  tx: Tx,
  t: EventData<'messaging.text.translated.v1'>,
): Promise<void> {
  if (!isDescriptionTranslation(t)) return;
  const kept = await keepDescriptionTranslation(ctx.database, tx, t.id, {
    written_at: t.written_at,
    language: t.original_language,
    translated_text: t.translated_text,
    translated_language: t.translated_text === null ? null : t.translated_language,
  });
  if (!kept) ctx.logger.info({ id: t.id }, 'translation of another version of a description; ignored');
}
