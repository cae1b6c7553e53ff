import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@brigade/kit';

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const delays = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(',').map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().positive()).min(1));

/** The sandbox webhook secret: fixed so that several instances (and the gateway) agree without setup. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_brigade_sandbox_0123456789abcdef';
/** The secret key the SDK uses against the built-in emulator. */
export const SANDBOX_SECRET_KEY = 'sk_test_brigade_sandbox';

export const paymentsConfigSchema = baseConfigSchema.extend({
  /** Unset: the built-in Stripe emulator (sandbox) answers the SDK. */
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).default(SANDBOX_WEBHOOK_SECRET),
  /** Backoff between attempts of a transfer/refund that did not reach the ledger. */
  MONEY_TASK_RETRY_DELAYS_MS: delays('1000,5000,30000,120000'),
  /** Sandbox: backoff between webhook delivery attempts (Stripe retries for days; the emulator 8 times). */
  SANDBOX_WEBHOOK_RETRY_DELAYS_MS: delays('500,2000,10000,30000,60000,120000,300000'),
});
export type PaymentsConfig = Readonly<z.infer<typeof paymentsConfigSchema>>;

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  return loadConfig(paymentsConfigSchema, env);
}
