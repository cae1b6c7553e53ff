import Stripe from 'stripe';
import { SANDBOX_SECRET_KEY, type PaymentsConfig } from '../config';
import { providerUnavailable, requestInProgress } from '../domain/errors';

export type StripeClient = Stripe;

/**
 * The one Stripe SDK client. With STRIPE_SECRET_KEY it talks to Stripe (or to STRIPE_API_URL when given);
 * without it the very same SDK is pointed (host/port/protocol) at STRIPE_API_URL, where the Stripe sandbox
 * answers its `/v1/...` requests as Stripe would.
 */
type ClientConfig = Pick<
  PaymentsConfig,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_API_URL'
  | 'STRIPE_TIMEOUT_MS'
  | 'STRIPE_MAX_NETWORK_RETRIES'
  | 'STRIPE_INTERACTIVE_TIMEOUT_MS'
>;

/**
 * Time-outs and retries. Every attempt the SDK repeats (connection error, time-out, 409, 5xx) carries the same
 * `Idempotency-Key` as the first, and every POST we make passes a key derived from the job, so a repeat never
 * charges, transfers or refunds twice.
 */
export function createStripeClient(config: ClientConfig): Stripe {
  const common = {
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.STRIPE_TIMEOUT_MS,
    appInfo: { name: 'brigade-payments' },
  };
  const key = config.STRIPE_SECRET_KEY ?? SANDBOX_SECRET_KEY;
  if (!config.STRIPE_API_URL) return new Stripe(key, common);
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(key, {
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

/**
 * Another request holds the call's idempotency key (Stripe's 409 `idempotency_key_in_use`): the same call made
 * twice at once, a second click or a client's retry while the first is still at Stripe. The first one decides;
 * nothing was done for this one, and it may be asked again in a moment. stripe-node (v23) makes a 409 a
 * `StripeAPIError` whatever its type, so it is told by its status and code. (A key used with other parameters is
 * a 400 `StripeIdempotencyError`: our bug, and it stays loud.)
 */
export function isKeyInUse(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeError &&
    err.statusCode === 409 &&
    err.code === 'idempotency_key_in_use'
  );
}

/**
 * Translate provider outages into a 503 the client can retry, and the same call already under way into a 409 it
 * can retry; everything else goes up unchanged.
 */
export function providerError(err: unknown): never {
  // first: stripe-node makes every 409 a StripeAPIError, which reads as an outage below
  if (isKeyInUse(err)) throw requestInProgress();
  if (isProviderOutage(err)) throw providerUnavailable();
  throw err;
}

/** The id of a Stripe field that is an id or, expanded, the object itself (null when absent). */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** The client the use cases share (`ctx.stripe.get()`). */
export class StripeHolder {
  private readonly client: Stripe;
  constructor(config: ClientConfig) {
    this.client = createStripeClient(config);
  }
  get(): Stripe {
    return this.client;
  }
}
