import { appendEvent, inTransaction } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import { baseLanguage, detectLanguage, hasWords, type Language } from '../domain/language';
import { recordStatementTranslation, statementRecorded } from '../db/statements.repository';
import type { MessagingContext } from '../context';

const other = (language: Language): Language => (language === 'en' ? 'es' : 'en');

/**
 * A side of a disputed job wrote a statement for the operator (`jobs.dispute.statement_added.v1`): translated
 * into the other language (en <-> es) exactly as messages are (language detected offline, the author's
 * language for short texts; the translator's own time-out; no translator or a failure: `translated_text`
 * null, the operator reads the original), then `messaging.statement.translated.v1` through the outbox. The
 * translator is called outside any transaction. Once per statement: a redelivered or duplicated event finds
 * the statement recorded and changes nothing.
 */
export async function translateStatement(
  ctx: MessagingContext,
  data: EventData<'jobs.dispute.statement_added.v1'>,
): Promise<void> {
  const { database } = ctx;
  if (await statementRecorded(database, data.statement_id)) return;

  let original: string = detectLanguage(data.text, data.language);
  let target = other(original as Language);
  let translated: string | null = null;
  if (ctx.translator.enabled && hasWords(data.text)) {
    try {
      const result = await ctx.translator.translate(data.text, target, original);
      if (result.detectedSource) {
        original = baseLanguage(result.detectedSource);
        // Written in the other language after all: that language's translation is what the operator needs.
        if (original === target) {
          target = other(target);
          const again = await ctx.translator.translate(data.text, target, original);
          if (again.text.trim() !== '' && again.text !== data.text) translated = again.text;
        } else if (result.text.trim() !== '' && result.text !== data.text) translated = result.text;
      } else if (result.text.trim() !== '' && result.text !== data.text) translated = result.text;
    } catch (err) {
      ctx.logger.warn(
        { err: (err as Error).message, provider: ctx.translator.provider, statement: data.statement_id },
        'translation failed; the statement stays untranslated',
      );
    }
  }

  await inTransaction(ctx, async (tx) => {
    const recorded = await recordStatementTranslation(database, tx, {
      statementId: data.statement_id,
      jobId: data.job_id,
      authorId: data.author_id,
      originalLanguage: original,
      translatedText: translated,
      translatedLanguage: target,
      provider: ctx.translator.provider,
    });
    if (!recorded) return;
    await appendEvent(database, tx, 'messaging.statement.translated.v1', {
      statement_id: data.statement_id,
      job_id: data.job_id,
      translated_text: translated,
      translated_language: target,
      provider: ctx.translator.provider,
    });
  });
}
