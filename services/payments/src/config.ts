import { z } from 'zod';
import {
  baseConfigSchema,
  ConfigError,
  delays,
  loadConfig,
  optionalText,
  optionalUrl,
  requireSandboxSettings,
} from '@brigade/kit';
import { loadPolicy, PolicyError, type Policy } from '@brigade/contracts';

/** The secret key the SDK uses without STRIPE_SECRET_KEY: the Stripe sandbox's own test key (public, like its docs). */
export const SANDBOX_SECRET_KEY = 'sk_test_brigade_sandbox';

export const paymentsConfigSchema = baseConfigSchema.extend({
  /** Unset: the Stripe sandbox (`sandboxes/stripe`, at STRIPE_API_URL) answers the SDK. */
  STRIPE_SECRET_KEY: optionalText,
  /**
   * Where the SDK sends its requests (protocol, host and port of the URL). Required without STRIPE_SECRET_KEY:
   * the sandbox's address. With a secret key optional: Stripe (https://api.stripe.com) when unset.
   */
  STRIPE_API_URL: optionalUrl,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /**
   * The signing secret of the webhook endpoint (`whsec_...`): Stripe's, or the one the sandbox signs with (the
   * embedded runner gives both the sandbox's secret of the installation). Required; checked at config load with
   * STRIPE_SECRET_KEY, when the service is built otherwise.
   */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Backoff between attempts of a transfer/refund that did not reach the ledger. */
  MONEY_TASK_RETRY_DELAYS_MS: delays('1000,5000,30000,120000'),
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
});
export type PaymentsConfig = Readonly<
  z.infer<typeof paymentsConfigSchema> & {
    /**
     * The money rules (contracts/src/policy.ts): CHECKOUT_DEADLINE and STUCK_MONEY_AFTER date the stuck-money
     * report; LATE_CANCEL_WINDOW, CANCELLATION_PAY_HOURS and CHECKOUT_REMINDERS are read by the other services.
     */
    policy: Policy;
  }
>;

/** The money rules from the environment; an unreadable duration stops the start with the variable's name. */
export function loadPaymentsPolicy(env: NodeJS.ProcessEnv = process.env): Policy {
  try {
    return loadPolicy(env);
  } catch (err) {
    if (err instanceof PolicyError) throw new ConfigError(`payments: ${err.message}`);
    throw err;
  }
}

/**
 * The environment, with the rules that tie settings together: real Stripe keys need the endpoint's signing
 * secret (a webhook nobody can verify would be trusted by anyone who can sign), and production does not run on
 * the emulator unless told so.
 */
export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const config = loadConfig(paymentsConfigSchema, env);
  const policy = loadPaymentsPolicy(env);
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(
      'payments: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not. Set it to the signing secret ' +
        '(whsec_...) of your Stripe webhook endpoint for /api/payments/webhooks/stripe; without it no webhook ' +
        'can be verified.',
    );
  if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY && !config.ALLOW_SANDBOX_PROVIDERS)
    throw new ConfigError(
      'payments: NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (real Stripe). To run the ' +
        'Stripe sandbox in production anyway (a demo), set ALLOW_SANDBOX_PROVIDERS=1.',
    );
  return Object.freeze({ ...config, policy });
}

/**
 * What the service needs to reach its provider, checked when it is built (the embedded runner learns the
 * sandbox's address and secret only once the sandbox listens): without STRIPE_SECRET_KEY the sandbox's address
 * and the secret its webhooks are signed with.
 */
export function requireProviderAddress(
  config: Pick<PaymentsConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'STRIPE_WEBHOOK_SECRET'>,
): void {
  if (config.STRIPE_SECRET_KEY) return;
  requireSandboxSettings({
    service: 'payments',
    because: 'without STRIPE_SECRET_KEY the Stripe sandbox answers',
    settings: {
      STRIPE_API_URL: { value: config.STRIPE_API_URL, is: 'its address, e.g. http://stripe-sandbox:4010' },
      STRIPE_WEBHOOK_SECRET: { value: config.STRIPE_WEBHOOK_SECRET, is: 'the secret it signs webhooks with' },
    },
  });
}
