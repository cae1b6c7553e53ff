import { Router } from 'express';
import Stripe from 'stripe';
import type { PaymentsContext } from '../context';
import { badSignature } from '../domain/errors';
import { handleStripeEvent } from '../webhooks/handle-stripe-event';

/**
 * `POST /payments/webhooks/stripe`: the raw body (kept as a Buffer by the parser mounted in app.ts, before the
 * JSON parser) is verified against `Stripe-Signature` with the endpoint secret; forged, altered or stale
 * (over 5 minutes) deliveries get 400 and change nothing; each event id is handled once. A validly signed event
 * moves money only as far as the provider, asked, confirms it and payments' records match (see
 * handle-stripe-event.ts); otherwise it is acknowledged (200) and kept as an anomaly.
 */
export function webhooksRouter(ctx: PaymentsContext): Router {
  const router = Router();
  router.post('/payments/webhooks/stripe', async (req, res) => {
    const signature = req.get('stripe-signature');
    const raw = req.body;
    if (!signature || !Buffer.isBuffer(raw)) throw badSignature();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(raw, signature, ctx.webhookSecret) as Stripe.Event;
    } catch {
      throw badSignature();
    }
    const outcome = await handleStripeEvent(ctx, event);
    req.log.debug({ event: event.id, type: event.type, outcome }, 'stripe webhook');
    res.json({ received: true });
  });
  return router;
}
