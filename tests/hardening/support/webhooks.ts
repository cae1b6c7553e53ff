import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Api } from './stack';

/**
 * Stripe webhooks as an attacker (or Stripe) would send them to the public endpoint. Suites start their stack
 * with a configured `STRIPE_WEBHOOK_SECRET` (`webhookEnv()`), so a forged event can carry a valid signature:
 * what the endpoint does with a validly signed event it cannot match is the point of the test.
 */
export function webhookEnv() {
  return { STRIPE_WEBHOOK_SECRET: `whsec_hardening_${randomBytes(12).toString('hex')}` };
}

export const newEventId = () => `evt_h_${randomBytes(6).toString('hex')}`;

/** The JSON of a Stripe event (pretty-printed, as Stripe sends it) carrying `object`. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
) {
  return JSON.stringify(
    {
      id: options.id ?? newEventId(),
      object: 'event',
      type,
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object },
    },
    null,
    2,
  );
}

export const signWebhook = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** POST a payload to `/api/payments/webhooks/stripe` through the gateway, with this signature header if any. */
export function deliverWebhook(api: Api, payload: string, signature?: string) {
  return api.call('POST', '/api/payments/webhooks/stripe', {
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    raw: payload,
  });
}
