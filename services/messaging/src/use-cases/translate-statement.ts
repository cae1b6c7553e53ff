import { appendEvent, sql, type Database, type Logger, type OutboxRelay } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import { baseLanguage, detectLanguage, hasWords, type Language } from '../domain/language';
import type { Translator } from '../translation/translator';

export interface StatementDeps {
  database: Database;
  relay: OutboxRelay;
  translator: Translator;
  logger: Logger;
}

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
  deps: StatementDeps,
  data: EventData<'jobs.dispute.statement_added.v1'>,
): Promise<void> {
  const { database } = deps;
  const known = await database.rows(
    sql`select 1 from messaging.statement_translations where statement_id = ${data.statement_id}`,
  );
  if (known.length > 0) return;

  let original: string = detectLanguage(data.text, data.language);
  let target = other(original as Language);
  let translated: string | null = null;
  if (deps.translator.enabled && hasWords(data.text)) {
    try {
      const result = await deps.translator.translate(data.text, target);
      if (result.detectedSource) {
        original = baseLanguage(result.detectedSource);
        // Written in the other language after all: that language's translation is what the operator needs.
        if (original === target) {
          target = other(target);
          const again = await deps.translator.translate(data.text, target);
          if (again.text.trim() !== '' && again.text !== data.text) translated = again.text;
        } else if (result.text.trim() !== '' && result.text !== data.text) translated = result.text;
      } else if (result.text.trim() !== '' && result.text !== data.text) translated = result.text;
    } catch (err) {
      deps.logger.warn(
        { err: (err as Error).message, provider: deps.translator.provider, statement: data.statement_id },
        'translation failed; the statement stays untranslated',
      );
    }
  }

  const published = await database.transaction(async (tx) => {
    const inserted = await database.rows(
      sql`insert into messaging.statement_translations
            (statement_id, job_id, author_id, original_language, translated_text, translated_language, provider)
          values (${data.statement_id}, ${data.job_id}, ${data.author_id}, ${original}, ${translated}, ${target},
                  ${deps.translator.provider})
          on conflict (statement_id) do nothing returning statement_id`,
      tx,
    );
    if (inserted.length === 0) return false;
    await appendEvent(database, tx, 'messaging.statement.translated.v1', {
      statement_id: data.statement_id,
      job_id: data.job_id,
      translated_text: translated,
      translated_language: target,
      provider: deps.translator.provider,
    });
    return true;
  });
  if (published) deps.relay.kick();
}
