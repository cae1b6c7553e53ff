import type { TextTranslation } from './common';

/**
 * A text one side wrote for the other (a job's description, a cancellation reason, a decision note, a
 * restaurant's description) with its translation, as its owning service keeps it beside the text (issue 32):
 * `written_at` names the version messaging translates (`*.text.written.v1` -> `messaging.text.translated.v1`);
 * `translated_text` stays null until the translation lands, or when the text is not translated.
 */
export interface KeptTranslation {
  written_at: string;
  language: 'en' | 'es';
  translated_text: string | null;
  translated_language: 'en' | 'es' | null;
}

/** A text just written: its writer's language, no translation yet. */
export const untranslated = (writtenAt: Date, language: 'en' | 'es'): KeptTranslation => ({
  written_at: writtenAt.toISOString(),
  language,
  translated_text: null,
  translated_language: null,
});

/** As the API answers it (`TextTranslation`); null for a text written before issue 32 or not at all. */
export function presentTranslation(kept: unknown): TextTranslation | null {
  const value = (typeof kept === 'string' ? JSON.parse(kept) : kept) as KeptTranslation | null | undefined;
  if (!value) return null;
  return {
    language: value.language,
    translated_text: value.translated_text,
    translated_language: value.translated_text === null ? null : value.translated_language,
  };
}
