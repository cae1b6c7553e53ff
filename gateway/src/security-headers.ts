import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config';

/** Name and value of each header set on every answer. */
export type Headers = Array<[string, string]>;

type Helmet = ReturnType<typeof helmet>;

/** The headers a helmet middleware sets, worked out once (they do not depend on the request). */
function staticHeaders(middleware: Helmet): Headers {
  const headers = new Map<string, string>();
  middleware(
    {} as Parameters<Helmet>[0],
    {
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      getHeader: (name: string) => headers.get(name.toLowerCase()),
    } as unknown as Parameters<Helmet>[1],
    () => undefined,
  );
  return [...headers];
}

/** Helmet's headers for this config: the CSP (Stripe.js allowed with real Stripe keys), HSTS in production. */
export function securityHeaders(config: GatewayConfig): Headers {
  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  return staticHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
          // the installable app (issue 40): its service worker and manifest, from this origin only
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'frame-src': stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'base-uri': ["'self'"],
          'object-src': ["'none'"],
        },
      },
      strictTransportSecurity:
        config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
}

/** Helmet's headers are the same on every answer: worked out once, set in one pass. */
export function setSecurityHeaders(headers: Headers): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
