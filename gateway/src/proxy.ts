import http from 'node:http';
import type { Request, Response } from 'express';
import {
  createProxyMiddleware,
  fixRequestBody,
  type RequestHandler as ProxyHandler,
} from 'http-proxy-middleware';
import { REVALIDATE_HEADER, SHARED_HEADER } from '@brigade/kit';
import type { GatewayConfig } from './config';
import { send } from './respond';
import type { RevalidationCache } from './revalidate';
import type { SharedBodies } from './shared-bodies';
import type { ServiceName } from './routes';

export type ServiceProxy = ProxyHandler<Request, Response>;

/** What the gateway passes requests on to: a service, or a sandbox standing in for a provider's pages. */
export type Upstream = ServiceName | 'stripe-sandbox';

/** The proxy to a service, made on first use; null when the service is not running (no URL). */
export type ProxyFor = (service: Upstream) => ServiceProxy | null;

export interface ProxyDeps {
  config: GatewayConfig;
  services: Partial<Record<Upstream, string>>;
  revalidation: RevalidationCache;
  /** Where a service's answer marked shared is kept for the herd (ADR 7); absent: nothing is kept. */
  sharedBodies?: SharedBodies;
}

/**
 * One proxy per service: the user's id passed on (`x-user-id`), the service's version stamps kept for the
 * poll shortcut (never passed to the client), and an upstream failure answered as 504, 503 or 502.
 */
export function serviceProxies({ config, services, revalidation, sharedBodies }: ProxyDeps): ProxyFor {
  // Keep-alive to the services, and no Nagle delay on those sockets: a proxied answer of a few dozen KB
  // otherwise waits on delayed ACKs (measured: 2.5x the requests/s for the 46 KB openings poll).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000, noDelay: true });
  const proxies = new Map<string, ServiceProxy>();
  return (service) => {
    const target = services[service];
    if (!target) return null;
    let proxy = proxies.get(service);
    if (!proxy) {
      proxy = createProxyMiddleware<Request, Response>({
        target,
        changeOrigin: false,
        xfwd: true,
        agent,
        proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
        timeout: config.UPSTREAM_TIMEOUT_MS + 1000,
        on: {
          proxyReq: (proxyReq, req) => {
            (req as any).proxyStarted = Date.now();
            if (req.account) proxyReq.setHeader('x-user-id', req.account.id);
            fixRequestBody(proxyReq, req);
          },
          proxyRes: (proxyRes, req) => {
            // The service's stamps are for us, never for the client.
            const header = proxyRes.headers[REVALIDATE_HEADER];
            const sharedWith = proxyRes.headers[SHARED_HEADER];
            delete proxyRes.headers[REVALIDATE_HEADER];
            delete proxyRes.headers[SHARED_HEADER];
            // Whoever's token it was (req.account: the gateway verifies every account type; req.user is unset).
            const user = (req as Request).account;
            if (!revalidation.enabled || !user || req.method !== 'GET') return;
            const status = proxyRes.statusCode ?? 0;
            const url = (req as Request).originalUrl;
            const audience = typeof sharedWith === 'string' && sharedWith ? sharedWith : undefined;
            if (typeof header === 'string' && (status === 200 || status === 304)) {
              revalidation.remember(user.id, url, proxyRes.headers.etag, header, Date.now(), audience);
              if (status === 200 && audience) sharedBodies?.capture(audience, url, proxyRes, header);
            } else revalidation.forget(user.id, url);
          },
          error: (err, req, res) => {
            const elapsed = Date.now() - ((req as any).proxyStarted ?? Date.now());
            const code = (err as NodeJS.ErrnoException).code;
            (req as Request).log?.warn({ service, code, elapsed }, 'upstream failed');
            if (!(res instanceof http.ServerResponse)) return;
            if (elapsed >= config.UPSTREAM_TIMEOUT_MS - 50)
              send(res as Response, 504, 'The service took too long to answer', 'GATEWAY.TIMEOUT');
            else if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
              send(
                res as Response,
                503,
                'Service unavailable, please try again',
                'GATEWAY.SERVICE_UNAVAILABLE',
              );
            else send(res as Response, 502, 'Bad gateway, please try again', 'GATEWAY.BAD_GATEWAY');
          },
        },
      });
      proxies.set(service, proxy);
    }
    return proxy;
  };
}
