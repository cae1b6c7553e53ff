import { baseConfigSchema, delays, loadConfig, optionalText, optionalUrl } from '@brigade/kit';
import { z } from 'zod';

export const messagingConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /**
   * Which translator: `auto` (default) takes the first there of Google (a key or credentials), Apertium's HTTP
   * server (APERTIUM_URL), the local `apertium` command with its en-es pair; `google` or `apertium` insists
   * on that one (the start fails without it); `none` switches translation off.
   */
  TRANSLATION_PROVIDER: optionalText.pipe(z.enum(['auto', 'google', 'apertium', 'none']).default('auto')),
  /** An API key for the Cloud Translation API (v2). */
  GOOGLE_TRANSLATE_API_KEY: optionalText,
  /** A service-account key file, the SDK's usual way; enables translation like the API key. */
  GOOGLE_APPLICATION_CREDENTIALS: optionalText,
  /** host[:port] of the Translation API (the SDK's `apiEndpoint`); default translation.googleapis.com. */
  GOOGLE_TRANSLATE_API_ENDPOINT: optionalText,
  /** Apertium's HTTP server (apertium-apy), e.g. http://apertium:2737 (docker compose's `apertium` service). */
  APERTIUM_URL: optionalUrl,
  /** The `apertium` program when it is not `apertium` on PATH. */
  APERTIUM_COMMAND: optionalText,
  /** A send waits at most this long for a translation, then goes out untranslated. */
  TRANSLATE_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(4000),
  /**
   * A translation that failed or timed out is tried again after each of these delays in turn (ms), the last
   * one repeating until it lands (issue 32).
   */
  TRANSLATE_RETRY_DELAYS_MS: delays('5000,30000,120000,600000'),
  /** How often an idle process asks whether a translation is due for another try. */
  TRANSLATE_RETRY_POLL_MS: z.coerce.number().int().positive().default(5000),
});
export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): Readonly<MessagingConfig> {
  return loadConfig(messagingConfigSchema, env);
}
