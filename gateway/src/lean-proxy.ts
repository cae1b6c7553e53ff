import type { IncomingMessage, ServerResponse } from 'node:http';
import { propagation } from '@opentelemetry/api';
import type { Request, Response } from 'express';
import { Pool, type Dispatcher } from 'undici';
import {
  assignRequestId,
  sendJson,
  type KeySource,
  type Logger,
  type SessionRevocations,
} from '@brigade/kit';
import { AnswerCompression, MAX_BYTES, varyOnEncoding } from './compression';
import type { GatewayConfig } from './config';
import type { Cors } from './cors';
import { verifiedAccount, type PollRequest } from './poll-shortcut';
import { keepServiceStamps, upstreamFailure, type ProxyDeps } from './proxy';
import type { RateLimiter } from './rate-limit';
import { matchRoute, type ServiceName } from './routes';
import type { Headers } from './security-headers';
import type { BodyCapture } from './shared-bodies';

/**
 * The polled GETs (ADR 17): the lists the web client asks for every few seconds, each user's own (their
 * services advertise version stamps, ADR 7: the gateway answers an unchanged poll 304 itself). Their 200s take the
 * lean path; every other route stays on Express and http-proxy-middleware. Only a signed-in, non-operator route of one service in the route
 * table takes it (`pollService`); anything else here would go to Express.
 */
export const POLL_ROUTES: RegExp[] = [
  /^\/jobs$/, // the openings (the chefs' list; shared=1 is kept by the gateway) and a restaurant's jobs
  /^\/applications$/,
  /^\/messages\/conversations$/,
  /^\/messages\/job\/[^/]+$/,
  /^\/messages\/application\/[^/]+$/,
  // The inbox (issue 40): the list and the bell's count, both with the person's inbox stamp (issue 41).
  /^\/notifications$/,
  /^\/notifications\/unread-count$/,
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
  /** The answers' compression (ADR 21), as on the Express path; none when not given. */
  compression?: AnswerCompression;
}

/**
 * The lean path's keep-alive connections to one service (undici): as many as the gateway's http.Agent
 * allows, no Nagle delay (undici's default), TCP keep-alive as the agent's; an idle connection is kept a
 * minute (the services keep theirs 65 s). No timeouts of undici's own: a forward times itself (undici's
 * timers above a second are coarse, up to half a second early or late).
 */
function servicePool(origin: string): Pool {
  return new Pool(origin, {
    connections: 512,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: { keepAlive: true, keepAliveInitialDelay: 10_000 },
  });
}

/** What a forward needs besides its request: where the answer's stamps are kept, how failures are answered. */
interface ForwardDeps extends Pick<ProxyDeps, 'revalidation' | 'sharedBodies'> {
  timeoutMs: number;
  logger: Logger;
  compression?: AnswerCompression;
}

const kForward = Symbol('lean forward');
type Forwarded = ServerResponse & { [kForward]?: Forward };

/** The client's answer closed: a forward still running stops asking the service (nobody to answer). */
function clientClosed(this: Forwarded) {
  if (!this.writableFinished) this[kForward]?.clientGone();
}

/**
 * Nothing from the service for the upstream timeout (as a node:http socket timeout: from the request, and
 * again from each part of the answer): the forward is stopped and answered 504.
 */
function timedOut(forward: Forward) {
  const timeout: NodeJS.ErrnoException = new Error('upstream timeout');
  timeout.code = 'ETIMEDOUT'; // Node's code for it, as upstreamFailure reads it (never a body's code)
  forward.stop(timeout, true);
}

/** The client read what was written: the service's answer goes on. */
function clientDrained(this: Forwarded) {
  this[kForward]?.upstream?.resume();
}

/**
 * One polled GET forwarded to its service (undici's dispatch handler), the service's answer written to the
 * client as it comes, or, when it is compressed (ADR 21), kept until it has all come and sent compressed in
 * one write. A class, its listeners and timer plain functions given the forward: no closure is made
 * per request (under tsx each named closure is also named as it is made, a defineProperty per closure).
 */
class Forward implements Dispatcher.DispatchHandler {
  upstream: Dispatcher.DispatchController | null = null;
  /** Why the forward was stopped before its answer was complete (the client went away, the timeout). */
  private stopped: Error | null = null;
  private gone = false;
  private timedOut = false;
  private capture: BodyCapture | null = null;
  /** The encoding the answer is compressed with, and its parts so far; null: written as it comes. */
  private encoding: 'br' | 'gzip' | null = null;
  private parts: Buffer[] = [];
  private kept = 0;
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: ForwardDeps,
    private readonly req: IncomingMessage,
    readonly res: Forwarded,
    private readonly account: { id: string },
    private readonly service: ServiceName,
  ) {
    res[kForward] = this;
    res.on('close', clientClosed);
    this.timer = setTimeout(timedOut, deps.timeoutMs, this);
  }

  clientGone() {
    this.gone = true;
    this.stop(new Error('the client went away'), false);
  }

  stop(reason: Error, timeout: boolean) {
    clearTimeout(this.timer);
    this.timedOut = timeout;
    this.stopped = reason;
    this.upstream?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.upstream = controller;
    if (this.stopped) controller.abort(this.stopped);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
    statusMessage?: string,
  ) {
    const { res, deps } = this;
    this.timer.refresh();
    const answer = { statusCode, headers };
    this.capture = keepServiceStamps(
      answer,
      this.account,
      this.req.url ?? '',
      'GET',
      deps.revalidation,
      deps.sharedBodies,
    );
    // The service's headers over the gateway's, less the hop-by-hop ones: the client's connection is the
    // gateway's own (keep-alive, or closed when the client said so; chunked when the service sent no length).
    // A repeated header is one, its values joined, as node:http reads it.
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name))
        res.setHeader(name, Array.isArray(value) && name !== 'set-cookie' ? value.join(', ') : value);
    }
    res.statusCode = statusCode;
    if (statusMessage) res.statusMessage = statusMessage;
    this.encoding = deps.compression?.choose(this.req, res) ?? null;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    this.timer.refresh();
    this.capture?.chunk(chunk);
    if (this.encoding) {
      this.parts.push(chunk);
      if ((this.kept += chunk.length) <= MAX_BYTES) return;
      // Longer than any answer worth holding (its length was not announced): sent as it comes from here on.
      this.encoding = null;
      for (const part of this.parts.splice(0)) this.res.write(part);
    }
    if (this.res.write(chunk)) return;
    controller.pause(); // the client reads slower than the service writes
    this.res.once('drain', clientDrained);
  }

  onResponseEnd() {
    clearTimeout(this.timer);
    this.capture?.end(true);
    if (!this.encoding) return void this.res.end();
    const parts = this.parts;
    this.parts = [];
    AnswerCompression.sendWhole(this, this.encoding, parts);
  }

  /** The held answer's body, compressed or as it is (`AnswerCompression.sendWhole`). */
  end(body: Buffer) {
    this.res.end(body);
  }

  failed(err: Error | null) {
    this.deps.logger.warn({ reqId: (this.req as Request).id, err }, 'compressing an answer failed');
    this.res.destroy();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error) {
    clearTimeout(this.timer);
    this.capture?.end(false);
    this.parts = [];
    if (this.gone) return;
    const { req, res, deps } = this;
    const code = (err as NodeJS.ErrnoException).code;
    const elapsed = this.timedOut ? deps.timeoutMs : Date.now() - this.started;
    deps.logger.warn({ reqId: (req as Request).id, service: this.service, code, elapsed }, 'upstream failed');
    if (res.headersSent) return void res.destroy(); // mid-body: the client sees a cut answer, never a hang
    if (deps.compression?.enabled) varyOnEncoding(res); // as the Express path's compression says
    const failure = upstreamFailure(code, elapsed, deps.timeoutMs);
    res.statusCode = failure.status;
    sendJson(res, { error: failure.error, code: failure.code });
  }
}

/**
 * The headers to the service: the client's as they came (as http-proxy-middleware passes them), less the
 * hop-by-hop ones and the trace context's (the instrumentation writes its own over the client's, as on a
 * node:http request; none without tracing), with the verified user and where the request came from (as
 * http-proxy's `xfwd` writes it).
 */
function serviceHeaders(req: IncomingMessage, userId: string): Record<string, string | string[]> {
  const traced = propagation.fields();
  const from = req.headers;
  const headers: Record<string, string | string[]> = {};
  for (const name in from) {
    const value = from[name];
    if (value !== undefined && !HOP_BY_HOP.has(name) && !traced.includes(name)) headers[name] = value;
  }
  headers['x-user-id'] = userId;
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const port = /:(\d+)/.exec(from.host ?? '')?.[1] ?? (encrypted ? '443' : '80');
  const forwarded: Array<[string, string]> = [
    ['x-forwarded-for', req.socket.remoteAddress ?? ''],
    ['x-forwarded-port', port],
    ['x-forwarded-proto', encrypted ? 'https' : 'http'],
  ];
  for (const [name, value] of forwarded) {
    const before = from[name];
    headers[name] = before ? `${String(before)},${value}` : value;
  }
  headers['x-forwarded-host'] = from['x-forwarded-host'] ?? from.host ?? '';
  return headers;
}

/**
 * The lean path for a polled GET's answer (ADR 17): a plain forward over undici, after the poll shortcut has
 * verified the token (cached) and, when it got that far, counted the rate limit. The request goes to the
 * service over a keep-alive pool with the same headers http-proxy-middleware sends (the client's, the
 * request id, `x-user-id`, `x-forwarded-*`; the trace context is written by the OpenTelemetry undici
 * instrumentation, as the http instrumentation writes it for node:http requests), and the service's answer
 * is written to the client chunk by chunk as it comes, never re-serialised (read whole only to be compressed
 * for a client that accepts it, ADR 21), with the same
 * headers the Express path answers: the security and CORS headers, the service's own (ETag included) over
 * them, without the version stamps, which are kept for the shortcut exactly as the Express path keeps them.
 *
 * Resolves true when it took the request; false: the request goes on to Express, which answers it as
 * before (no token or a bad one: 401; over the rate limit: 429, from the count already made; the service
 * not configured: 503; a request with a body). The same upstream failures answer the same 504, 503 or 502.
 */
export function leanProxy(deps: LeanProxyDeps) {
  const { config, services, rateLimiter, keys, revocations, security, cors } = deps;
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  const forwardDeps: ForwardDeps = { ...deps, timeoutMs };
  const pools = new Map<ServiceName, Pool>();
  for (const [name, url] of Object.entries(services) as Array<[ServiceName, string | undefined]>)
    if (url) pools.set(name, servicePool(new URL(url).origin));

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
    const pool = service ? pools.get(service) : undefined;
    if (!service || !pool) return false;
    // Counted once: by the shortcut when it got that far, else here. A refusal is answered by Express (429).
    polled.counted ??= await rateLimiter.hit(`user:${account.id}`, config.RATE_LIMIT_API_PER_MINUTE, 60);
    if (!polled.counted.allowed) return false;

    assignRequestId(req as Request, res as Response);
    for (const [name, value] of security) res.setHeader(name, value);
    cors.setHeaders(res as Response, req.headers.origin);
    req.socket.setTimeout(timeoutMs + 1000); // as http-proxy-middleware's `timeout`
    const headers = serviceHeaders(req, account.id);
    // The path without /api.
    pool.dispatch(
      { method: 'GET', path: url.slice(4), headers },
      new Forward(forwardDeps, req, res, account, service),
    );
    return true;
  };
}
