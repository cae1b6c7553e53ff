import { z } from 'zod';
import { baseConfigSchema, loadConfig, optionalText, optionalUrl } from '@brigade/kit';

export const smsSandboxConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4011),
  /**
   * The credentials the SDK must present (HTTP basic auth, as Twilio checks them). Both or neither; unset: any
   * non-empty account sid and token are taken (the services' sandbox defaults, or keys of a staging stack).
   */
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /**
   * The auth token its webhooks (status callbacks, inbound texts) are signed with (X-Twilio-Signature): notifications'
   * SMS_SANDBOX_AUTH_TOKEN must be the same. Unset: TWILIO_AUTH_TOKEN when set, else a random token made once and
   * kept with the sandbox's data (the embedded runner hands it to notifications).
   */
  SMS_SANDBOX_AUTH_TOKEN: optionalText,
  /** Where texts to Brigade are posted (Twilio's inbound webhook): PUBLIC_URL/api/notifications/twilio/inbound. */
  SMS_SANDBOX_INBOUND_URL: optionalUrl,
  /**
   * `<public>=<internal>`: webhooks addressed under the public URL (what Twilio would call, and what is signed) are
   * sent to the internal address instead, e.g. `http://localhost:8080=http://gateway:8080` in compose, where the
   * sandbox cannot reach the browser's address.
   */
  SMS_SANDBOX_WEBHOOK_FORWARD: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/\S+=https?:\/\/\S+$/, 'SMS_SANDBOX_WEBHOOK_FORWARD is <public URL>=<internal URL>')
      .optional(),
  ),
  /** How long a Verify code stays pending (Twilio: 10 minutes). */
  SMS_SANDBOX_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** The Verify service's friendly name, as the texts say it. */
  SMS_SANDBOX_SERVICE_NAME: z.string().min(1).max(30).default('Brigade'),
});
export type SmsSandboxConfig = Readonly<z.infer<typeof smsSandboxConfigSchema>>;

export function loadSmsSandboxConfig(env: NodeJS.ProcessEnv = process.env): SmsSandboxConfig {
  const config = loadConfig(smsSandboxConfigSchema, env);
  if (Boolean(config.TWILIO_ACCOUNT_SID) !== Boolean(config.TWILIO_AUTH_TOKEN))
    throw new Error('sms-sandbox: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN together (or neither: any)');
  return config;
}
