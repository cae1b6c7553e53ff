import type { messagingHttp } from '@brigade/contracts';

/** The result of one translation: the text and, when the provider says so, the language it detected. */
export interface Translation {
  text: string;
  detectedSource: string | null;
}

/** The directions the product needs, `source-target` (the languages it speaks: en, es). */
export const PRODUCT_PAIRS = ['en-es', 'es-en'] as const;

/**
 * The translation port. `enabled` is false when no provider is configured: messages then go out
 * untranslated and say so (`was_translated` false). `pairs` are the directions it translates (`en-es`).
 * `from` is the language the text was written in, as far as the caller knows it: providers that detect the
 * language themselves (Google) may ignore it; Apertium needs it.
 */
export interface Translator {
  readonly enabled: boolean;
  readonly provider: messagingHttp.TranslationProvider;
  readonly pairs: readonly string[];
  /** Where it translates, for people (the start banner, logs): "local apertium command, offline". */
  readonly via: string;
  /**
   * How many translations the engine works on at once: the local command's pipelines (per direction), a cloud
   * API's many; unset for an engine that translates one at a time (APy's one pipeline per direction). The
   * background lane cuts long texts into pieces only for such an engine (`translation-lanes.ts`).
   */
  readonly slots?: number;
  translate(text: string, to: string, from?: string): Promise<Translation>;
  /** Ends what the engine keeps running (the local command's pipelines), when it keeps anything; at shutdown. */
  close?(): Promise<void>;
}

export const noTranslation: Translator = {
  enabled: false,
  provider: 'none',
  pairs: [],
  via: 'no translator',
  async translate() {
    throw new Error('translation is not configured');
  },
};
