import type { Logger } from '@brigade/kit';
import { createApertiumApyTranslator, listApyPairs } from './apertium-apy';
import { createApertiumCommandTranslator, detectApertiumCommand } from './apertium-command';
import { createGoogleTranslator } from './google-translator';
import { withGlossary } from './glossary-translator';
import { KITCHEN_GLOSSARY } from '../domain/glossary/kitchen-glossary';
import { noTranslation, type Translator } from './translation-port';

export { noTranslation, type Translation, type Translator } from './translation-port';

/** `auto` picks the first that is there; the others insist on one (or none). */
export type TranslationChoice = 'auto' | 'google' | 'apertium' | 'none';

/** The settings translation takes from the service config. */
export interface TranslatorSettings {
  TRANSLATION_PROVIDER?: TranslationChoice;
  GOOGLE_TRANSLATE_API_KEY?: string;
  GOOGLE_APPLICATION_CREDENTIALS?: string;
  GOOGLE_TRANSLATE_API_ENDPOINT?: string;
  APERTIUM_URL?: string;
  APERTIUM_COMMAND?: string;
  TRANSLATE_TIMEOUT_MS: number;
}

const INSTALL_HINT = 'install Debian’s apertium and apertium-eng-spa';

function google(config: TranslatorSettings): Translator {
  return createGoogleTranslator({
    key: config.GOOGLE_TRANSLATE_API_KEY,
    keyFilename: config.GOOGLE_TRANSLATE_API_KEY ? undefined : config.GOOGLE_APPLICATION_CREDENTIALS,
    apiEndpoint: config.GOOGLE_TRANSLATE_API_ENDPOINT,
    timeoutMs: config.TRANSLATE_TIMEOUT_MS,
  });
}

function apy(config: TranslatorSettings & { APERTIUM_URL: string }, logger: Logger): Translator {
  // Not awaited: APy may still be starting (docker compose); a missing pair is worth a warning, not a wait.
  void listApyPairs(config.APERTIUM_URL, config.TRANSLATE_TIMEOUT_MS).then((pairs) => {
    if (pairs && !(pairs.includes('eng-spa') && pairs.includes('spa-eng')))
      logger.warn({ url: config.APERTIUM_URL, pairs }, 'apertium-apy lacks the eng-spa pair');
  });
  return createApertiumApyTranslator({ url: config.APERTIUM_URL, timeoutMs: config.TRANSLATE_TIMEOUT_MS });
}

/** The local `apertium` command, when it and its en-es pair are installed; null otherwise. */
async function command(config: TranslatorSettings): Promise<Translator | null> {
  const program = config.APERTIUM_COMMAND ?? 'apertium';
  const pairs = await detectApertiumCommand(program);
  if (pairs.length === 0) return null;
  return createApertiumCommandTranslator({ command: program, pairs, timeoutMs: config.TRANSLATE_TIMEOUT_MS });
}

/**
 * The translator, picked once at start. `auto` (the default), in this order: Google when an API key or
 * credentials are configured; Apertium's HTTP server (APy) at `APERTIUM_URL`; the local `apertium` command
 * when it and the en-es pair are installed (asked with `apertium -l` in a child process); otherwise none.
 * `TRANSLATION_PROVIDER` = google | apertium insists on that one (the start fails without it); none switches
 * translation off. Whichever it is, the restaurant glossary is applied around it (`withGlossary`).
 */
export async function createTranslator(config: TranslatorSettings, logger: Logger): Promise<Translator> {
  const choice = config.TRANSLATION_PROVIDER ?? 'auto';
  const hasGoogle = Boolean(config.GOOGLE_TRANSLATE_API_KEY || config.GOOGLE_APPLICATION_CREDENTIALS);
  let translator: Translator | null = null;
  if (choice === 'none') translator = noTranslation;
  else if (choice === 'google' || (choice === 'auto' && hasGoogle)) {
    if (!hasGoogle)
      throw new Error(
        'TRANSLATION_PROVIDER=google needs GOOGLE_TRANSLATE_API_KEY or GOOGLE_APPLICATION_CREDENTIALS',
      );
    translator = google(config);
  } else if (config.APERTIUM_URL) translator = apy({ ...config, APERTIUM_URL: config.APERTIUM_URL }, logger);
  else {
    translator = await command(config);
    if (!translator && choice === 'apertium')
      throw new Error(
        `TRANSLATION_PROVIDER=apertium: no APERTIUM_URL, and the ${config.APERTIUM_COMMAND ?? 'apertium'} command with the en-es pair is not installed (${INSTALL_HINT})`,
      );
  }
  translator = translator ? withGlossary(translator, KITCHEN_GLOSSARY) : noTranslation;
  if (translator.enabled)
    logger.info(
      { provider: translator.provider, via: translator.via, pairs: translator.pairs },
      'messages are translated',
    );
  else if (choice === 'none') logger.info('translation is off (TRANSLATION_PROVIDER=none)');
  else
    logger.info(
      `no translator: messages are delivered untranslated (${INSTALL_HINT} for offline translation)`,
    );
  return translator;
}
