import { baseLanguage, detectLanguage, hasWords, type Language } from '../domain/language';
import type { MessagingContext } from '../context';

const other = (language: Language): Language => (language === 'en' ? 'es' : 'en');

/**
 * What the machine said about one text: translated; not to be translated (final: no translator, no words, the
 * text is in the reader's language, or the machine gave it back as it was); or failed (it errored or took longer
 * than TRANSLATE_TIMEOUT_MS: the text is delivered untranslated now and retried later).
 */
export type TranslatorAnswer = { originalLanguage: Language; target: Language } & (
  { outcome: 'translated'; text: string } | { outcome: 'untranslated' } | { outcome: 'failed'; error: string }
);

/**
 * Translate one text once, as messages are: the language detected offline (the writer's preference for short
 * texts), the translator given that source, a detection by the translator (Google) taking precedence.
 * `reader` is the one reader's language (a message); without it the text goes into the other of the
 * product's two languages (a text every reader of the other language reads), the target following the
 * translator's detection. `lane`: `live` (default) for the chat, whose sender waits for the answer;
 * `background` for texts nobody waits on, which give way to the chat (issue 33, `translation-lanes.ts`).
 */
export async function askTranslator(
  ctx: MessagingContext,
  text: string,
  writerLanguage: Language,
  options: { reader?: Language; lane?: 'live' | 'background' } = {},
): Promise<TranslatorAnswer> {
  const readerLanguage = options.reader;
  const translator = options.lane === 'background' ? ctx.backgroundTranslator : ctx.translator;
  let original: Language = await detectLanguage(text, writerLanguage);
  let target: Language = readerLanguage ?? other(original);
  if (!translator.enabled || !hasWords(text) || original === target)
    return { outcome: 'untranslated', originalLanguage: original, target };
  try {
    let result = await translator.translate(text, target, original);
    const detected = result.detectedSource ? baseLanguage(result.detectedSource) : null;
    if (detected === 'en' || detected === 'es') original = detected;
    if (original === target) {
      // Written in the target language after all: a message's reader needs nothing; a text goes the other way.
      if (readerLanguage) return { outcome: 'untranslated', originalLanguage: original, target };
      target = other(target);
      result = await translator.translate(text, target, original);
    }
    if (result.text.trim() === '' || result.text === text)
      return { outcome: 'untranslated', originalLanguage: original, target };
    return { outcome: 'translated', text: result.text, originalLanguage: original, target };
  } catch (err) {
    const error = (err as Error).message;
    ctx.logger.warn({ err: error, provider: ctx.translator.provider }, 'translation failed; retried later');
    return { outcome: 'failed', error, originalLanguage: original, target };
  }
}
