import Stripe from 'stripe';
import { SANDBOX_SECRET_KEY, type PaymentsConfig } from '../config';

export type StripeClient = Stripe;

export function isSandbox(config: Pick<PaymentsConfig, 'STRIPE_SECRET_KEY'>): boolean {
  return !config.STRIPE_SECRET_KEY;
}

/**
 * The one Stripe SDK client. With STRIPE_SECRET_KEY it talks to Stripe; without it the very same SDK is pointed
 * (host/port/protocol) at this service's own address, where the emulator answers the SDK's `/v1/...` requests.
 */
type ClientConfig = Pick<
  PaymentsConfig,
  'STRIPE_SECRET_KEY' | 'STRIPE_TIMEOUT_MS' | 'STRIPE_MAX_NETWORK_RETRIES' | 'STRIPE_INTERACTIVE_TIMEOUT_MS'
>;

/**
 * Time-outs and retries. Every attempt the SDK repeats (connection error, time-out, 409, 5xx) carries the same
 * `Idempotency-Key` as the first, and every POST we make passes a key derived from the job, so a repeat never
 * charges, transfers or refunds twice.
 */
export function createStripeClient(config: ClientConfig, selfUrl: string): Stripe {
  const common = {
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.STRIPE_TIMEOUT_MS,
    appInfo: { name: 'brigade-payments' },
  };
  if (config.STRIPE_SECRET_KEY) return new Stripe(config.STRIPE_SECRET_KEY, common);
  const url = new URL(selfUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(SANDBOX_SECRET_KEY, {
    ...common,
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
  });
}

/** Request options for a call someone is waiting for: a short time-out and one retry (same key). */
export function interactive(
  config: Pick<PaymentsConfig, 'STRIPE_INTERACTIVE_TIMEOUT_MS'>,
  idempotencyKey?: string,
): Stripe.RequestOptions {
  return {
    timeout: config.STRIPE_INTERACTIVE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** Stripe down, slow (time-out), throttled or answering 5xx: nothing a person can fix but wait and retry. */
export function isProviderOutage(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500)
  );
}

/** Lazily bound: the service learns its own address only when it starts listening. */
export class StripeHolder {
  private client: Stripe | null = null;
  constructor(private readonly config: ClientConfig) {
    if (config.STRIPE_SECRET_KEY) this.client = createStripeClient(config, 'https://api.stripe.com');
  }
  bind(selfUrl: string) {
    if (!this.config.STRIPE_SECRET_KEY) this.client = createStripeClient(this.config, selfUrl);
  }
  get(): Stripe {
    if (!this.client) throw new Error('Stripe sandbox client used before the service started');
    return this.client;
  }
}
