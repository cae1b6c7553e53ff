import type { TextTranslation } from '@brigade/contracts';

/**
 * A text of a job written for the other side (its description, the cancellation reason, the dispute note)
 * with its translation, as jobs keeps it (issue 32): `written_at` names the version messaging translates;
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
