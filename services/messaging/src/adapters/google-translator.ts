import type { v2 } from '@google-cloud/translate';
import { PRODUCT_PAIRS, type Translation, type Translator } from './translation-port';

export interface GoogleTranslatorOptions {
  /** API key (sent as `?key=`); or */
  key?: string;
  /** a service-account key file. */
  keyFilename?: string;
  /** host[:port]; the SDK talks HTTPS to https://<apiEndpoint>/language/translate/v2. */
  apiEndpoint?: string;
  timeoutMs: number;
}

/**
 * Google Cloud Translation (v2, "basic") through the official SDK. The source language is left to Google,
 * which detects it better than any offline guess on short texts; its detection comes back with the text.
 */
export function createGoogleTranslator(options: GoogleTranslatorOptions): Translator {
  // Never probe the cloud metadata address for credentials (STACK-NOTES): we always pass them explicitly.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  // The SDK (with its gRPC stack, about 38 MB of memory) is loaded by the first translation, never by a
  // service that translates otherwise (the embedded default translates with apertium, or not at all).
  let client: Promise<v2.Translate> | null = null;
  const sdk = () =>
    (client ??= import('@google-cloud/translate').then(
      ({ v2 }) =>
        new v2.Translate({
          ...(options.key ? { key: options.key } : {}),
          ...(options.keyFilename ? { keyFilename: options.keyFilename } : {}),
          ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
          // No SDK retries: a failed or slow translation is not worth holding the sender for (the message goes
          // out untranslated), and a retry scheduled after our time-out would keep running in the background.
          // (`maxRetries: 0` would read as "unset", i.e. 3: autoRetry is the switch.)
          autoRetry: false,
        }),
    ));
  return {
    enabled: true,
    provider: 'google',
    // a cloud API: many at once
    slots: 16,
    pairs: PRODUCT_PAIRS,
    via: `Google Cloud Translation${options.apiEndpoint ? ` at ${options.apiEndpoint}` : ''}`,
    // Google detects the source itself (and says which it found): the caller's `from` is not passed.
    async translate(text: string, to: string): Promise<Translation> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`translation timed out after ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
      });
      try {
        const [translated, response] = await Promise.race([
          sdk().then((c) => c.translate(text, { to, format: 'text' })),
          timeout,
        ]);
        // The SDK types the raw response loosely; the v2 API puts the detected language here.
        const detected = (
          response as { data?: { translations?: Array<{ detectedSourceLanguage?: unknown }> } } | undefined
        )?.data?.translations?.[0]?.detectedSourceLanguage;
        return {
          text: translated,
          detectedSource: typeof detected === 'string' && detected ? detected : null,
        };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
