import http, { type IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import {
  createProxyMiddleware,
  fixRequestBody,
  type RequestHandler as ProxyHandler,
} from 'http-proxy-middleware';
import { REVALIDATE_HEADER, SHARED_HEADER } from '@brigade/kit';
import type { GatewayConfig } from './config';
import { dropHeld } from './compression';
import { send } from './respond';
import type { RevalidationCache } from './revalidate';
import type { BodyCapture, ServiceAnswer, SharedBodies } from './shared-bodies';
import type { ServiceName } from './routes';

/** When the proxy sent the request on: the upstream error's log line says how long it waited. */
type Started = IncomingMessage & { proxyStarted?: number };

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
  /** The keep-alive pool to the services (one per gateway). */
  agent?: http.Agent;
}

/**
 * Keep-alive to the services, and no Nagle delay on those sockets: a proxied answer of a few dozen KB
 * otherwise waits on delayed ACKs (measured: 2.5x the requests/s for the 46 KB openings poll).
 */
export function serviceAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000, noDelay: true });
}

/**
 * A service's answer to a user's request: its version stamps (and shared mark) taken off, never passed to
 * the client, and kept for the poll shortcut (ADR 7): remembered for a 200 or 304 of a GET that advertised
 * them; anything else forgets what was remembered for the URL. A 200 marked shared returns the capture its
 * body is to be fed to as the proxy passes it on (null otherwise).
 */
export function keepServiceStamps(
  answer: ServiceAnswer,
  user: { id: string } | undefined,
  url: string,
  method: string | undefined,
  revalidation: RevalidationCache,
  sharedBodies: SharedBodies | undefined,
): BodyCapture | null {
  const header = answer.headers[REVALIDATE_HEADER];
  const sharedWith = answer.headers[SHARED_HEADER];
  delete answer.headers[REVALIDATE_HEADER];
  delete answer.headers[SHARED_HEADER];
  if (!revalidation.enabled || !user || method !== 'GET') return null;
  const status = answer.statusCode ?? 0;
  const audience = typeof sharedWith === 'string' && sharedWith ? sharedWith : undefined;
  if (typeof header === 'string' && (status === 200 || status === 304)) {
    const etag = typeof answer.headers.etag === 'string' ? answer.headers.etag : undefined;
    revalidation.remember(user.id, url, etag, header, Date.now(), audience);
    if (status === 200 && audience) return sharedBodies?.capture(audience, url, answer, header) ?? null;
  } else revalidation.forget(user.id, url);
  return null;
}

/** Feed a service's answer, as node:http reads it, to a capture alongside whoever else reads it. */
function readAlong(answer: IncomingMessage, capture: BodyCapture | null) {
  if (!capture) return;
  answer.on('data', (chunk: Buffer) => capture.chunk(chunk));
  answer.on('end', () => capture.end(answer.complete));
}

/**
 * A service's answer that stops before its end (the service died, its connection broke), as the lean path
 * answers it: while nothing of it was sent (held to be compressed), the gateway's 502; else the client's answer
 * is cut at once, a short answer and its connection closed. Never a wait for the proxy's timeout.
 */
function cutWhenCut(answer: IncomingMessage, req: Request, res: http.ServerResponse, service: Upstream) {
  answer.once('close', () => {
    // Whole, or stopped because the client went away (the proxy then aborts the service's answer itself).
    if (answer.complete || res.writableFinished || res.destroyed || req.socket.destroyed) return;
    const elapsed = Date.now() - ((req as Started).proxyStarted ?? Date.now());
    req.log?.warn({ service, elapsed }, 'upstream failed in the middle of its answer');
    if (!dropHeld(res)) return void res.destroy();
    const failure = upstreamFailure('ECONNRESET', elapsed, Number.POSITIVE_INFINITY);
    send(res as Response, failure.status, failure.error, failure.code);
  });
}

/** The answer to a request the service failed: 504 after the timeout, 503 when it is not there, else 502. */
export function upstreamFailure(
  code: string | undefined,
  elapsedMs: number,
  timeoutMs: number,
): { status: number; error: string; code: string } {
  if (elapsedMs >= timeoutMs - 50)
    return { status: 504, error: 'The service took too long to answer', code: 'GATEWAY.TIMEOUT' };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
    return {
      status: 503,
      error: 'Service unavailable, please try again',
      code: 'GATEWAY.SERVICE_UNAVAILABLE',
    };
  return { status: 502, error: 'Bad gateway, please try again', code: 'GATEWAY.BAD_GATEWAY' };
}

/**
 * One proxy per service: the user's id passed on (`x-user-id`), the service's version stamps kept for the
 * poll shortcut (never passed to the client), and an upstream failure answered as 504, 503 or 502.
 */
export function serviceProxies({
  config,
  services,
  revalidation,
  sharedBodies,
  agent = serviceAgent(),
}: ProxyDeps): ProxyFor {
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
            (req as Started).proxyStarted = Date.now();
            if (req.account) proxyReq.setHeader('x-user-id', req.account.id);
            fixRequestBody(proxyReq, req);
          },
          // Whoever's token it was (req.account: the gateway verifies every account type; req.user is unset).
          proxyRes: (proxyRes, req, res) => {
            cutWhenCut(proxyRes, req as Request, res, service);
            readAlong(
              proxyRes,
              keepServiceStamps(
                proxyRes,
                (req as Request).account,
                (req as Request).originalUrl,
                req.method,
                revalidation,
                sharedBodies,
              ),
            );
          },
          error: (err, req, res) => {
            const elapsed = Date.now() - ((req as Started).proxyStarted ?? Date.now());
            const code = (err as NodeJS.ErrnoException).code;
            (req as Request).log?.warn({ service, code, elapsed }, 'upstream failed');
            if (!(res instanceof http.ServerResponse)) return;
            const failure = upstreamFailure(code, elapsed, config.UPSTREAM_TIMEOUT_MS);
            send(res as Response, failure.status, failure.error, failure.code);
          },
        },
      });
      proxies.set(service, proxy);
    }
    return proxy;
  };
}
