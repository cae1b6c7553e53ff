import type { TextTranslation } from '@brigade/contracts';

/**
 * A restaurant's description with its translation, as identity keeps it (issue 32): `written_at` names the
 * version messaging translates; `translated_text` stays null until the translation lands, or when the text is
 * not translated.
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

/** As the API answers it (`TextTranslation`); null for a description saved before issue 32. */
export function presentTranslation(kept: unknown): TextTranslation | null {
  const value = (typeof kept === 'string' ? JSON.parse(kept) : kept) as KeptTranslation | null | undefined;
  if (!value) return null;
  return {
    language: value.language,
    translated_text: value.translated_text,
    translated_language: value.translated_text === null ? null : value.translated_language,
  };
}
