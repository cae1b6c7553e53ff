import type { RequestHandler } from 'express';
import type { ProxyFor } from './proxy';
import { send } from './respond';

/**
 * The Stripe emulator's browser endpoints (card confirmation, onboarding page), mounted at `/sandbox/stripe`:
 * payments answers 404 there unless its sandbox is active; never passed on when `enabled` is false
 * (production).
 */
export function stripeSandboxPages(proxyFor: ProxyFor, enabled: boolean): RequestHandler {
  return (req, res, next) => {
    const proxy = enabled ? proxyFor('payments') : null;
    if (!proxy) return send(res, 404, 'The Stripe sandbox is not active', 'GATEWAY.NO_SANDBOX');
    req.url = req.originalUrl;
    proxy(req, res, next);
  };
}
