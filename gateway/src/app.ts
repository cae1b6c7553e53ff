import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import {
  createProxyMiddleware,
  fixRequestBody,
  type RequestHandler as ProxyHandler,
} from 'http-proxy-middleware';
import {
  bearerToken,
  DisabledStamps,
  errorMiddleware,
  jsonBodyParser,
  REVALIDATE_HEADER,
  assignRequestId,
  servesSandboxPages,
  useRequestId,
  verifyAccessToken,
  type KeySource,
  type Logger,
  type SessionRevocations,
  type VersionStamps,
} from '@brigade/kit';
import { buildOpenApi } from '@brigade/contracts/openapi';
import type { GatewayConfig } from './config';
import { matchRoute, type ServiceName } from './routes';
import { AUTH_LIMITS, normalizeAccount, type RateLimiter } from './rate-limit';
import { devSmsRouter } from './dev-sms';
import { docsPage } from './docs';
import { RevalidationCache, unchanged } from './revalidate';
import { opsFanOut } from './ops-fanout';

export interface GatewayDeps {
  config: GatewayConfig;
  /** Base URL of each running service; a missing one answers 503. */
  services: Partial<Record<ServiceName, string>>;
  rateLimiter: RateLimiter;
  keys: KeySource;
  logger: Logger;
  /** The services' list version stamps (Redis, or shared memory in one process): 304s answered here. */
  stamps?: VersionStamps;
  /** Ended sessions, whose tokens are refused here as at every service (Redis, or shared memory). */
  revocations?: SessionRevocations;
}

/** A request the poll shortcut already counted against the user's rate limit (and what it found). */
type PollRequest = Request & { counted?: { allowed: boolean; resetSeconds: number } };

/** The headers a helmet middleware sets, worked out once (they do not depend on the request). */
function staticHeaders(middleware: (req: any, res: any, next: () => void) => void): Array<[string, string]> {
  const headers = new Map<string, string>();
  middleware(
    {},
    {
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      getHeader: (name: string) => headers.get(name.toLowerCase()),
    },
    () => undefined,
  );
  return [...headers];
}

const MAX_UPLOAD_BYTES = 6 * 1024 * 1024; // one 5 MB image plus form fields
const MAX_JSON_BYTES = 256 * 1024;

function send(
  res: Response,
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.status(status).json({ error, code });
}

/**
 * The one public entry: `/api/*` to the services (token verified, rate limited, request id), the Stripe
 * sandbox's browser endpoints, the API docs, and the built web app on the same origin.
 */
export function createGateway(deps: GatewayDeps): Express {
  const { config, services, rateLimiter, keys, logger, revocations } = deps;
  const stamps = deps.stamps ?? new DisabledStamps();
  const revalidation = new RevalidationCache(stamps.enabled ? config.REVALIDATE_MAX_AGE_MS : 0);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);

  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  const security = staticHeaders(
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
  // CORS: the web app is served from this origin; only the configured public origin may call cross-origin.
  const allowedOrigin = new URL(config.PUBLIC_URL).origin;
  const corsHeaders = (res: Response, origin: string | undefined) => {
    if (!origin || origin !== allowedOrigin) return;
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, if-none-match, x-request-id');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('access-control-expose-headers', 'etag, x-request-id, retry-after');
  };

  const limited = async (res: Response, key: string, limit: number, windowSeconds: number) =>
    refused(res, await rateLimiter.hit(key, limit, windowSeconds));
  const refused = (res: Response, r: { allowed: boolean; resetSeconds: number }) => {
    if (r.allowed) return false;
    send(res, 429, 'Too many attempts. Please wait and try again.', 'GATEWAY.RATE_LIMITED', {
      'retry-after': String(r.resetSeconds),
    });
    return true;
  };

  // The hot path, first of all: a signed-in user's conditional poll that the gateway may answer itself
  // (ADR 7). An unchanged poll costs the token check (cached), one Redis round trip (rate-limit counter and
  // the list's stamps, auto-pipelined) and a 304 with the same headers as any answer (request id, security,
  // CORS), without walking the rest of the middleware. Anything else goes on down the chain.
  if (revalidation.enabled)
    app.use(async (req: Request, res: Response, next: NextFunction) => {
      const ifNoneMatch = req.headers['if-none-match'];
      if (req.method !== 'GET' || typeof ifNoneMatch !== 'string' || !req.url.startsWith('/api/'))
        return next();
      try {
        const token = bearerToken(req);
        if (!token) return next();
        const user = await verifyAccessToken(token, keys, revocations);
        req.account = user;
        const entry = revalidation.lookup(user.id, req.url, ifNoneMatch);
        if (!entry) return next();
        const [hit, current] = await Promise.all([
          rateLimiter.hit(`user:${user.id}`, config.RATE_LIMIT_API_PER_MINUTE, 60),
          stamps.read(entry.keys).catch(() => null),
        ]);
        (req as PollRequest).counted = hit; // a refusal is answered down the chain, with the usual headers
        if (!hit.allowed || !current || !unchanged(entry, current)) return next();
        assignRequestId(req, res);
        for (const [name, value] of security) res.setHeader(name, value);
        corsHeaders(res, req.headers.origin);
        res.setHeader('etag', entry.etag);
        res.setHeader('cache-control', 'private, no-cache');
        res.status(304).end();
      } catch {
        next(); // a bad token and the like: the /api handler answers it as usual
      }
    });

  useRequestId(app, logger);
  // Helmet's headers are the same on every answer: worked out once, set in one pass.
  app.use((_req, res, next) => {
    for (const [name, value] of security) res.setHeader(name, value);
    next();
  });

  app.use((req, res, next) => {
    const origin = req.headers.origin;
    corsHeaders(res, origin);
    if (req.method === 'OPTIONS' && origin) {
      if (origin !== allowedOrigin) return send(res, 403, 'Origin not allowed', 'GATEWAY.CORS');
      return res.status(204).end();
    }
    next();
  });

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  app.get('/ready', async (_req, res) => {
    const checks = await Promise.all(
      Object.entries(services).map(async ([name, url]) => {
        try {
          const r = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) });
          return [name, r.ok ? 'ready' : 'not_ready'] as const;
        } catch {
          return [name, 'unreachable'] as const;
        }
      }),
    );
    const ok = checks.every(([, s]) => s === 'ready');
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ready' : 'not_ready', services: Object.fromEntries(checks) });
  });

  let openapi: unknown;
  app.get('/api/openapi.json', (_req, res) => {
    openapi ??= buildOpenApi({ version: '0.1.0' });
    res.json(openapi);
  });
  app.get('/api/docs', (_req, res) => {
    res.type('html').send(docsPage());
  });

  // Sandbox pages (the SMS outbox, the Stripe emulator's browser endpoints): never in production.
  const pages = servesSandboxPages(config);
  app.use(devSmsRouter(services, pages));

  // Keep-alive to the services, and no Nagle delay on those sockets: a proxied answer of a few dozen KB
  // otherwise waits on delayed ACKs (measured: 2.5x the requests/s for the 46 KB openings poll).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000, noDelay: true });
  const proxies = new Map<string, ProxyHandler<Request, Response>>();
  const proxyFor = (service: ServiceName): ProxyHandler<Request, Response> | null => {
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
            delete proxyRes.headers[REVALIDATE_HEADER];
            // Whoever's token it was (req.account: the gateway verifies every account type; req.user is unset).
            const user = (req as Request).account;
            if (!revalidation.enabled || !user || req.method !== 'GET') return;
            const status = proxyRes.statusCode ?? 0;
            if (typeof header === 'string' && (status === 200 || status === 304))
              revalidation.remember(user.id, (req as Request).originalUrl, proxyRes.headers.etag, header);
            else revalidation.forget(user.id, (req as Request).originalUrl);
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

  // The console's routes every service answers a part of (timeline, audit, dead letters): asked of all, merged.
  const fanOut = opsFanOut({ services, timeoutMs: config.UPSTREAM_TIMEOUT_MS });

  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  // Read before the rate limits (email, phone) and sent on re-serialised: capped in depth like the services'.
  const parseAuthBody = jsonBodyParser('16kb');

  app.use('/api', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const apiPath = req.path;
      const route = matchRoute(req.method, apiPath);
      if (!route) return send(res, 404, `No route for ${req.method} /api${apiPath}`, 'GATEWAY.NOT_FOUND');
      const proxy = route.service === 'all' ? null : proxyFor(route.service);
      if (!proxy && route.service !== 'all')
        return send(
          res,
          503,
          'This part of Brigade is not available right now',
          'GATEWAY.SERVICE_UNAVAILABLE',
        );
      const length = Number(req.headers['content-length'] ?? 0);
      const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/');
      if (length > (multipart ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES))
        return send(res, 413, 'Request body is too large', 'GATEWAY.TOO_LARGE');

      const authLimit = req.method === 'POST' ? AUTH_LIMITS[apiPath] : undefined;
      if (authLimit) {
        await new Promise<void>((resolve, reject) =>
          parseAuthBody(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
        );
        const ip = clientIp(req);
        if (await limited(res, `ip:${apiPath}:${ip}`, authLimit.perIp[0], authLimit.perIp[1])) return;
        const account = normalizeAccount(authLimit.accountField, (req.body as any)?.[authLimit.accountField]);
        if (
          account &&
          (await limited(res, `acct:${apiPath}:${account}`, authLimit.perAccount[0], authLimit.perAccount[1]))
        )
          return;
      }
      if (!route.public) {
        const token = bearerToken(req);
        if (!token) return send(res, 401, 'Authentication required', 'AUTH.REQUIRED');
        req.account ??= await verifyAccessToken(token, keys, route.endedSession ? undefined : revocations);
        if (route.operator && req.account.type !== 'operator')
          return send(res, 403, 'Only operators can do this', 'AUTH.OPERATORS_ONLY');
        // Counted once: by the poll shortcut when it looked at this request and passed it on.
        const counted = (req as PollRequest).counted;
        if (
          counted
            ? refused(res, counted)
            : await limited(res, `user:${req.account.id}`, config.RATE_LIMIT_API_PER_MINUTE, 60)
        )
          return;
      }
      // Operators only (checked above, before any service is asked): every service's part, merged.
      if (!proxy) return fanOut(req, res, next);
      req.url = req.originalUrl.replace(/^\/api/, '');
      proxy(req, res, next);
    } catch (err) {
      next(err);
    }
  });

  // The Stripe emulator's browser endpoints (card confirmation, onboarding page): payments answers 404
  // there unless its sandbox is active; never passed on in production.
  app.use('/sandbox/stripe', (req, res, next) => {
    const proxy = pages ? proxyFor('payments') : null;
    if (!proxy) return send(res, 404, 'The Stripe sandbox is not active', 'GATEWAY.NO_SANDBOX');
    req.url = req.originalUrl;
    proxy(req, res, next);
  });

  const dist = config.WEB_DIST;
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    app.use(
      '/assets',
      express.static(path.join(dist, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    );
    app.use(express.static(dist, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', (req, res, next) => {
      if (req.path.startsWith('/api/') || req.path.startsWith('/sandbox/')) return next();
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(path.join(dist, 'index.html'));
    });
  } else {
    app.get('/', (_req, res) => {
      res
        .type('html')
        .send(
          '<!doctype html><title>Brigade</title><p>The web app is not built. Run <code>npm run build</code>.</p>',
        );
    });
  }

  app.use((req, res) => send(res, 404, `Not found: ${req.path}`, 'GATEWAY.NOT_FOUND'));
  app.use(errorMiddleware(logger));
  return app;
}
