import type { RequestHandler } from 'express';
import type { ProxyFor } from './proxy';
import { send } from './respond';

/**
 * The Stripe sandbox's browser endpoints (card confirmation, onboarding page), mounted at `/sandbox/stripe` and
 * passed on to the sandbox at STRIPE_SANDBOX_URL (sandboxes/stripe); 404 without one, and never passed on when
 * `enabled` is false (production).
 */
export function stripeSandboxPages(proxyFor: ProxyFor, enabled: boolean): RequestHandler {
  return (req, res, next) => {
    const proxy = enabled ? proxyFor('stripe-sandbox') : null;
    if (!proxy) return send(res, 404, 'The Stripe sandbox is not active', 'GATEWAY.NO_SANDBOX');
    req.url = req.originalUrl;
    proxy(req, res, next);
  };
}
