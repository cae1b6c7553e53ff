/** The result of one translation: the text and, when the provider says so, the language it detected. */
export interface Translation {
  text: string;
  detectedSource: string | null;
}

/**
 * The translation port. `enabled` is false when no provider is configured: messages then go out
 * untranslated and say so (`was_translated` false).
 */
export interface Translator {
  readonly enabled: boolean;
  readonly provider: string;
  translate(text: string, to: string): Promise<Translation>;
}

export const noTranslation: Translator = {
  enabled: false,
  provider: 'none',
  async translate() {
    throw new Error('translation is not configured');
  },
};
