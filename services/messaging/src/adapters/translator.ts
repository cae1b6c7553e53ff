import type { Logger } from '@brigade/kit';
import { createGoogleTranslator } from './google-translator';
import { noTranslation, type Translator } from './translation-port';

export { noTranslation, type Translation, type Translator } from './translation-port';

/** The settings translation takes from the service config. */
export interface TranslatorSettings {
  GOOGLE_TRANSLATE_API_KEY?: string;
  GOOGLE_APPLICATION_CREDENTIALS?: string;
  GOOGLE_TRANSLATE_API_ENDPOINT?: string;
  TRANSLATE_TIMEOUT_MS: number;
}

/** Google when an API key or credentials are configured, otherwise none. */
export function createTranslator(config: TranslatorSettings, logger: Logger): Translator {
  if (!config.GOOGLE_TRANSLATE_API_KEY && !config.GOOGLE_APPLICATION_CREDENTIALS) {
    logger.info('no Google Translate credentials: messages are delivered untranslated');
    return noTranslation;
  }
  return createGoogleTranslator({
    key: config.GOOGLE_TRANSLATE_API_KEY,
    keyFilename: config.GOOGLE_TRANSLATE_API_KEY ? undefined : config.GOOGLE_APPLICATION_CREDENTIALS,
    apiEndpoint: config.GOOGLE_TRANSLATE_API_ENDPOINT,
    timeoutMs: config.TRANSLATE_TIMEOUT_MS,
  });
}
