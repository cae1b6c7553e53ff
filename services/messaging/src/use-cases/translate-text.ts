import { appendEvent, inTransaction, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { Language } from '../domain/language';
import {
  findTextTranslation,
  recordTextVersion,
  textKey,
  type TextKey,
  type TextTranslationRow,
} from '../db/text-translations.repository';
import { dropRetry, queueRetry } from '../db/translation-retries.repository';
import type { MessagingContext } from '../context';
import { askTranslator, type TranslatorAnswer } from './ask-translator';

/** A text another service asked to translate: its key, the version (written_at) and the words. */
export interface TextToTranslate extends TextKey {
  writtenAt: string;
  jobId: string | null;
  text: string;
  /** the writer's language preference */
  language: Language;
}

/** Dispute statements keep the event pair they had before texts had one (issue 17). */
const STATEMENT = { owner: 'jobs', kind: 'dispute_statement' } as const;
const isStatement = (k: TextKey) => k.owner === STATEMENT.owner && k.kind === STATEMENT.kind;

/**
 * Another service's text to translate into the other language (`<owner>.text.written.v1`, and dispute
 * statements): translated once per version, with the translator's own time-out, outside any transaction. The
 * answer goes back to its owner (`messaging.text.translated.v1`, or `messaging.statement.translated.v1` for a
 * statement) with the recorded version in one transaction; a text not to be translated (no translator, no
 * words) answers at once with no translation. A failure or time-out is not an answer: the version is recorded
 * pending and queued for the retry loop, and its owner shows the original, marked untranslated, until the
 * translation lands. Texts go through the background lane (issue 33): after any chat message, a piece at a
 * time. A redelivered event, an older version than the one recorded, or a statement already recorded
 * (statements never change; a duplicate may carry another time) changes nothing.
 */
export async function translateText(ctx: MessagingContext, request: TextToTranslate): Promise<void> {
  const { database } = ctx;
  const known = await findTextTranslation(database, request);
  if (known && (isStatement(request) || new Date(known.written_at) >= new Date(request.writtenAt))) return;

  // Nobody waits on these: they give way to the chat (issue 33).
  const answer = await askTranslator(ctx, request.text, request.language, { lane: 'background' });
  await inTransaction(ctx, async (tx) => {
    const pending = answer.outcome === 'failed';
    const recorded = await recordTextVersion(database, tx, {
      ...request,
      authorLanguage: request.language,
      status: pending ? 'pending' : 'done',
      ...outcomeOf(ctx, answer),
      immutable: isStatement(request),
    });
    if (!recorded) return;
    if (pending)
      await queueRetry(database, tx, 'text', textKey(request), ctx.retries.firstAttemptAt(), answer.error);
    else await answerOwner(ctx, tx, request, answer);
  });
}

/**
 * The retry loop's attempt at a pending text: 'done' when the translation landed (or is not to be made after
 * all) and its owner was answered, 'failed' (with the error) to try again later.
 */
export async function retryTextTranslation(
  ctx: MessagingContext,
  key: TextKey,
): Promise<{ outcome: 'done' } | { outcome: 'failed'; error: string }> {
  const { database } = ctx;
  const row = await findTextTranslation(database, key);
  if (!row || row.status === 'done') {
    await dropRetry(database, undefined, 'text', textKey(key));
    return { outcome: 'done' };
  }
  const answer = await askTranslator(ctx, row.text, row.author_language, { lane: 'background' });
  if (answer.outcome === 'failed') return { outcome: 'failed', error: answer.error };
  await inTransaction(ctx, async (tx) => {
    const version = requestOf(row);
    const recorded = await recordTextVersion(database, tx, {
      ...version,
      authorLanguage: row.author_language,
      status: 'done',
      ...outcomeOf(ctx, answer),
      immutable: isStatement(version),
    });
    if (recorded) await answerOwner(ctx, tx, version, answer);
    await dropRetry(database, tx, 'text', textKey(key));
  });
  return { outcome: 'done' };
}

function outcomeOf(ctx: MessagingContext, answer: TranslatorAnswer) {
  return {
    originalLanguage: answer.originalLanguage,
    translatedText: answer.outcome === 'translated' ? answer.text : null,
    translatedLanguage: answer.target,
    provider: ctx.translator.provider,
  };
}

function requestOf(row: TextTranslationRow): TextToTranslate {
  return {
    owner: row.owner,
    kind: row.kind,
    id: row.text_id,
    writtenAt: new Date(row.written_at).toISOString(),
    jobId: row.job_id,
    text: row.text,
    language: row.author_language,
  };
}

/** Tell the text's owner what became of it, through the outbox. */
async function answerOwner(ctx: MessagingContext, tx: Tx, text: TextToTranslate, answer: TranslatorAnswer) {
  const translated = answer.outcome === 'translated' ? answer.text : null;
  if (isStatement(text)) {
    if (!text.jobId) return;
    await appendEvent(ctx.database, tx, 'messaging.statement.translated.v1', {
      statement_id: text.id,
      job_id: text.jobId,
      translated_text: translated,
      translated_language: answer.target,
      provider: ctx.translator.provider,
    });
    return;
  }
  const data: EventData<'messaging.text.translated.v1'> = {
    owner: text.owner as EventData<'messaging.text.translated.v1'>['owner'],
    kind: text.kind as EventData<'messaging.text.translated.v1'>['kind'],
    id: text.id,
    written_at: text.writtenAt,
    job_id: text.jobId,
    original_language: answer.originalLanguage,
    translated_text: translated,
    translated_language: answer.target,
    provider: ctx.translator.provider,
  };
  await appendEvent(ctx.database, tx, 'messaging.text.translated.v1', data);
}

export { STATEMENT as DISPUTE_STATEMENT };
