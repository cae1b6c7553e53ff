import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@brigade/kit';
import { FaultList } from './sandbox/faults';

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
  /**
   * Stripe calls made in the background (transfers, refunds, reconciliation): per-attempt timeout and the SDK's
   * own retries (same idempotency key on each). A task that still fails is retried by the money-task runner.
   */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /**
   * Stripe calls a person waits for (start paying, confirm, payout account): one retry, and a timeout short
   * enough that the answer (a 503 the client may retry) comes before the web client's 10 s limit.
   */
  STRIPE_INTERACTIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  /** Sandbox only: provider faults injected at boot (JSON array of `{method?, path, mode, count?}`; tests). */
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
export type PaymentsConfig = Readonly<z.infer<typeof paymentsConfigSchema>>;

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  return loadConfig(paymentsConfigSchema, env);
}
