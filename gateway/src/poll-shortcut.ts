import type { NextFunction, Request, Response } from 'express';
import {
  assignRequestId,
  bearerToken,
  verifyAccessToken,
  type KeySource,
  type SessionRevocations,
  type VersionStamps,
} from '@brigade/kit';
import type { GatewayConfig } from './config';
import type { Cors } from './cors';
import type { RateLimiter } from './rate-limit';
import { unchanged, type RevalidationCache } from './revalidate';
import type { Headers } from './security-headers';

/** A request the poll shortcut already counted against the user's rate limit (and what it found). */
export type PollRequest = Request & { counted?: { allowed: boolean; resetSeconds: number } };

export interface PollShortcutDeps {
  config: GatewayConfig;
  revalidation: RevalidationCache;
  stamps: VersionStamps;
  rateLimiter: RateLimiter;
  keys: KeySource;
  revocations?: SessionRevocations;
  security: Headers;
  cors: Cors;
}

/**
 * The hot path, first of all: a signed-in user's conditional poll that the gateway may answer itself
 * (ADR 7). An unchanged poll costs the token check (cached), one Redis round trip (rate-limit counter and
 * the list's stamps, auto-pipelined) and a 304 with the same headers as any answer (request id, security,
 * CORS), without walking the rest of the middleware. Anything else goes on down the chain.
 */
export function pollShortcut(deps: PollShortcutDeps) {
  const { config, revalidation, stamps, rateLimiter, keys, revocations, security, cors } = deps;
  return async (req: Request, res: Response, next: NextFunction) => {
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
      cors.setHeaders(res, req.headers.origin);
      res.setHeader('etag', entry.etag);
      res.setHeader('cache-control', 'private, no-cache');
      res.status(304).end();
    } catch {
      next(); // a bad token and the like: the /api handler answers it as usual
    }
  };
}
