import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import {
  bearerToken,
  jsonBodyParser,
  verifyAccessToken,
  type KeySource,
  type SessionRevocations,
} from '@brigade/kit';
import type { GatewayConfig } from './config';
import { opsFanOut } from './ops-fanout';
import type { PollRequest } from './poll-shortcut';
import type { ProxyFor } from './proxy';
import { AUTH_LIMITS, normalizeAccount, type RateLimiter, type RateLimitResult } from './rate-limit';
import { send } from './respond';
import { matchRoute, type ServiceName } from './routes';

const MAX_UPLOAD_BYTES = 6 * 1024 * 1024; // one 5 MB image plus form fields
const MAX_JSON_BYTES = 256 * 1024;

export interface ApiDeps {
  config: GatewayConfig;
  services: Partial<Record<ServiceName, string>>;
  rateLimiter: RateLimiter;
  keys: KeySource;
  revocations?: SessionRevocations;
  proxyFor: ProxyFor;
}

/**
 * `/api/*`: the route table picks the service; then the body size, the sign-in rate limits (per address and
 * per account), the token (and operators only where the route says so), the per-user rate limit, and the
 * proxy (or, for the console's routes every service answers a part of, all of them asked and merged).
 */
export function apiHandler({ config, services, rateLimiter, keys, revocations, proxyFor }: ApiDeps) {
  const refused = (res: Response, r: Pick<RateLimitResult, 'allowed' | 'resetSeconds'>) => {
    if (r.allowed) return false;
    send(res, 429, 'Too many attempts. Please wait and try again.', 'GATEWAY.RATE_LIMITED', {
      'retry-after': String(r.resetSeconds),
    });
    return true;
  };
  const limited = async (res: Response, key: string, limit: number, windowSeconds: number) =>
    refused(res, await rateLimiter.hit(key, limit, windowSeconds));

  // The console's routes every service answers a part of (timeline, audit, dead letters): asked of all, merged.
  const fanOut = opsFanOut({ services, timeoutMs: config.UPSTREAM_TIMEOUT_MS });

  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  // Read before the rate limits (email, phone) and sent on re-serialised: capped in depth like the services'.
  const parseAuthBody = jsonBodyParser('16kb');

  return async (req: Request, res: Response, next: NextFunction) => {
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
        const body = req.body as Record<string, unknown> | undefined;
        const account =
          normalizeAccount(authLimit.accountField, body?.[authLimit.accountField]) ??
          (authLimit.orField ? normalizeAccount(authLimit.orField, body?.[authLimit.orField]) : null);
        if (
          account &&
          (await limited(res, `acct:${apiPath}:${account}`, authLimit.perAccount[0], authLimit.perAccount[1]))
        )
          return;
      }
      if (route.public && route.publicLimits) {
        // Keyed by a hash of the whole URL, its query included: a secret in a URL (the calendar feed's path, an
        // unsubscribe or verification link's ?token=) never becomes a Redis key, and each link is counted on its
        // own. Keyed by the path alone, every person's unsubscribe link shared one count.
        const { perIp, perUrl } = route.publicLimits;
        if (await limited(res, `pub-ip:${clientIp(req)}`, perIp[0], perIp[1])) return;
        const url = createHash('sha256').update(req.url).digest('base64url').slice(0, 22);
        if (await limited(res, `pub-url:${url}`, perUrl[0], perUrl[1])) return;
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
  };
}
