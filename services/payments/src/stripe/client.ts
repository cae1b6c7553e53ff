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
export function createStripeClient(
  config: Pick<PaymentsConfig, 'STRIPE_SECRET_KEY'>,
  selfUrl: string,
): Stripe {
  if (config.STRIPE_SECRET_KEY) {
    return new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'brigade-payments' },
    });
  }
  const url = new URL(selfUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(SANDBOX_SECRET_KEY, {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'brigade-payments' },
  });
}

/** Lazily bound: the service learns its own address only when it starts listening. */
export class StripeHolder {
  private client: Stripe | null = null;
  constructor(private readonly config: Pick<PaymentsConfig, 'STRIPE_SECRET_KEY'>) {
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
