import { baseConfigSchema, loadConfig, optionalText } from '@brigade/kit';
import { z } from 'zod';

export const messagingConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** An API key for the Cloud Translation API (v2). With neither this nor credentials, nothing is translated. */
  GOOGLE_TRANSLATE_API_KEY: optionalText,
  /** A service-account key file, the SDK's usual way; enables translation like the API key. */
  GOOGLE_APPLICATION_CREDENTIALS: optionalText,
  /** host[:port] of the Translation API (the SDK's `apiEndpoint`); default translation.googleapis.com. */
  GOOGLE_TRANSLATE_API_ENDPOINT: optionalText,
  /** A send waits at most this long for a translation, then goes out untranslated. */
  TRANSLATE_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(4000),
});
export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): Readonly<MessagingConfig> {
  return loadConfig(messagingConfigSchema, env);
}
