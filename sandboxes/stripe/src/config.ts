import { z } from 'zod';
import { baseConfigSchema, delays, loadConfig, optionalText, optionalUrl } from '@brigade/kit';
import { FaultList } from './faults';

/** The secret key the SDK uses against the sandbox (a test key of the sandbox, public like Stripe's docs). */
export const SANDBOX_SECRET_KEY = 'sk_test_brigade_sandbox';

export const stripeSandboxConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  /**
   * The signing secret of the webhook endpoint it delivers to (payments' STRIPE_WEBHOOK_SECRET). Unset: a random
   * `whsec_` secret made once per installation and kept with the sandbox's data (the embedded runner then hands
   * it to payments).
   */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where its events are POSTed (payments' `/payments/webhooks/stripe`); unset: kept until one is given. */
  STRIPE_SANDBOX_WEBHOOK_URL: optionalUrl,
  /** Backoff between webhook delivery attempts (Stripe retries for days; the sandbox 7 times). */
  SANDBOX_WEBHOOK_RETRY_DELAYS_MS: delays('500,2000,10000,30000,60000,120000,300000'),
  /** Provider faults injected at boot (JSON array of `{method?, path, mode, count?}`; tests). */
  SANDBOX_STRIPE_FAULTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return [];
      const parsed = FaultList.safeParse(
        (() => {
          try {
            return JSON.parse(v);
          } catch {
            return null;
          }
        })(),
      );
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: 'SANDBOX_STRIPE_FAULTS must be a JSON array of fault specs',
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export type StripeSandboxConfig = Readonly<z.infer<typeof stripeSandboxConfigSchema>>;

export function loadStripeSandboxConfig(env: NodeJS.ProcessEnv = process.env): StripeSandboxConfig {
  return loadConfig(stripeSandboxConfigSchema, env);
}
