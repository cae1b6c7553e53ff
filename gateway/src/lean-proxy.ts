import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { assignRequestId, type KeySource, type Logger, type SessionRevocations } from '@brigade/kit';
import type { GatewayConfig } from './config';
import type { Cors } from './cors';
import { verifiedAccount, type PollRequest } from './poll-shortcut';
import { keepServiceStamps, upstreamFailure, type ProxyDeps } from './proxy';
import type { RateLimiter } from './rate-limit';
import { matchRoute, type ServiceName } from './routes';
import type { Headers } from './security-headers';

/**
 * The polled GETs (ADR 17): the lists the web client asks for every few seconds, each user's own, whose
 * service advertises version stamps (ADR 7). Their 200s take the lean path; every other route stays on
 * Express and http-proxy-middleware. Only a signed-in, non-operator route of one service in the route
 * table takes it (`pollService`); anything else here would go to Express.
 */
export const POLL_ROUTES: RegExp[] = [
  /^\/jobs$/, // the openings (the chefs' list; shared=1 is kept by the gateway) and a restaurant's jobs
  /^\/applications$/,
  /^\/messages\/conversations$/,
  /^\/messages\/job\/[^/]+$/,
  /^\/messages\/application\/[^/]+$/,
  // Not a poll, but the other large GET a user repeats: the restaurant's chef search (its pages of 25, ~25 KB),
  // which identity answers from its kept answers while no chef changed (ADR 16).
  /^\/profiles\/chefs$/,
];

/** The service a polled GET goes to, or null when the path is not one of POLL_ROUTES. */
export function pollService(path: string): ServiceName | null {
  if (!POLL_ROUTES.some((p) => p.test(path))) return null;
  const rule = matchRoute('GET', path);
  if (!rule || rule.public || rule.operator || rule.endedSession || rule.service === 'all') return null;
  return rule.service;
}

/** Headers that belong to one connection (RFC 9110 7.6.1): passed on neither to the service nor back. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface LeanProxyDeps extends Pick<ProxyDeps, 'revalidation' | 'sharedBodies'> {
  config: GatewayConfig;
  services: Partial<Record<ServiceName, string>>;
  rateLimiter: RateLimiter;
  keys: KeySource;
  revocations?: SessionRevocations;
  security: Headers;
  cors: Cors;
  logger: Logger;
  /** The keep-alive pool to the services (shared with http-proxy-middleware). */
  agent: http.Agent;
}

/**
 * The lean path for a polled GET's answer (ADR 17): a plain node:http forward, after the poll shortcut has
 * verified the token (cached) and, when it got that far, counted the rate limit. The request goes to the
 * service over the keep-alive pool with the same headers http-proxy-middleware sends (the client's, the
 * request id, `x-user-id`, `x-forwarded-*`; the trace context is injected by the OpenTelemetry http
 * instrumentation, as for any outgoing request), and the service's answer is piped back as it comes, never
 * re-serialised, with the same headers the Express path answers: the security and CORS headers, the
 * service's own (ETag included) over them, without the version stamps, which are kept for the shortcut
 * exactly as the Express path keeps them.
 *
 * Resolves true when it took the request; false: the request goes on to Express, which answers it as
 * before (no token or a bad one: 401; over the rate limit: 429, from the count already made; the service
 * not configured: 503; a request with a body). The same upstream failures answer the same 504, 503 or 502.
 */
export function leanProxy(deps: LeanProxyDeps) {
  const { config, services, rateLimiter, keys, revocations, security, cors, logger, agent } = deps;
  const { revalidation, sharedBodies } = deps;
  const targets = new Map<ServiceName, URL>();
  for (const [name, url] of Object.entries(services) as Array<[ServiceName, string | undefined]>)
    if (url) targets.set(name, new URL(url));
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;

  const fail = (
    req: IncomingMessage,
    res: ServerResponse,
    service: string,
    err: unknown,
    elapsed: number,
  ) => {
    const code = (err as NodeJS.ErrnoException).code;
    logger.warn({ reqId: (req as Request).id, service, code, elapsed }, 'upstream failed');
    if (res.headersSent) return void res.destroy(); // mid-body: the client sees a cut answer, never a hang
    const failure = upstreamFailure(code, elapsed, timeoutMs);
    const body = JSON.stringify({ error: failure.error, code: failure.code });
    res.statusCode = failure.status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(body));
    res.end(body);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? '';
    if (req.method !== 'GET') return false;
    const polled = req as PollRequest;
    // The token as the shortcut verified it (cached); verified here when the shortcut did not try.
    const account = await verifiedAccount(polled, keys, revocations);
    if (!account) return false; // no token or a bad one: Express answers (401)
    // A body on a GET (or one announced) is Express's business: its size limits and parsers.
    if (req.headers['transfer-encoding'] || Number(req.headers['content-length'] ?? 0) > 0) return false;
    const q = url.indexOf('?');
    const service = pollService(url.slice(4, q < 0 ? undefined : q));
    const target = service ? targets.get(service) : undefined;
    if (!service || !target) return false;
    // Counted once: by the shortcut when it got that far, else here. A refusal is answered by Express (429).
    polled.counted ??= await rateLimiter.hit(`user:${account.id}`, config.RATE_LIMIT_API_PER_MINUTE, 60);
    if (!polled.counted.allowed) return false;

    assignRequestId(req as Request, res as Response);
    for (const [name, value] of security) res.setHeader(name, value);
    cors.setHeaders(res as Response, req.headers.origin);

    // The client's headers as they came (as http-proxy-middleware passes them), less the hop-by-hop ones,
    // with the verified user and where the request came from.
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers['x-user-id'] = account.id;
    const forward = (name: string, value: string) => {
      const before = req.headers[`x-forwarded-${name}`];
      headers[`x-forwarded-${name}`] = before ? `${String(before)},${value}` : value;
    };
    const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
    forward('for', req.socket.remoteAddress ?? '');
    forward('port', /:(\d+)/.exec(req.headers.host ?? '')?.[1] ?? (encrypted ? '443' : '80'));
    forward('proto', encrypted ? 'https' : 'http');
    headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';

    const started = Date.now();
    req.socket.setTimeout(timeoutMs + 1000); // as http-proxy-middleware's `timeout`
    const upstream = http.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: 'GET',
      path: url.slice(4), // without /api
      headers,
      agent,
    });
    let timedOut = false;
    upstream.setTimeout(timeoutMs, () => {
      timedOut = true;
      const timeout: NodeJS.ErrnoException = new Error('upstream timeout');
      timeout.code = 'ETIMEDOUT'; // Node's code for it, as upstreamFailure reads it (never a body's code)
      upstream.destroy(timeout);
    });
    let clientGone = false;
    upstream.on('error', (err) => {
      if (!clientGone) fail(req, res, service, err, timedOut ? timeoutMs : Date.now() - started);
    });
    // The client went away before its answer was complete: stop asking the service (nobody to answer).
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    upstream.on('response', (answer) => {
      keepServiceStamps(answer, account, url, 'GET', revalidation, sharedBodies);
      // The service's headers over the gateway's, less the hop-by-hop ones: the client's connection is the
      // gateway's own (keep-alive, or closed when the client said so; chunked when the service sent no length).
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
      answer.pipe(res);
    });
    upstream.end();
    return true;
  };
}
