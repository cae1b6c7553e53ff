import type { NextFunction, Request, Response } from 'express';
import {
  assignRequestId,
  bearerToken,
  etagMatches,
  verifyAccessToken,
  type KeySource,
  type SessionRevocations,
  type VersionStamps,
} from '@brigade/kit';
import type { GatewayConfig } from './config';
import type { Cors } from './cors';
import type { RateLimiter } from './rate-limit';
import { unchanged, type RevalidationCache } from './revalidate';
import { preferredEncoding, type SharedBodies, type SharedBody } from './shared-bodies';
import type { Headers } from './security-headers';

/** A request the poll shortcut already counted against the user's rate limit (and what it found). */
export type PollRequest = Request & { counted?: { allowed: boolean; resetSeconds: number } };

export interface PollShortcutDeps {
  config: GatewayConfig;
  revalidation: RevalidationCache;
  /** The current bodies of lists shared by everyone in an audience: their 200s answered here too. */
  sharedBodies: SharedBodies;
  stamps: VersionStamps;
  rateLimiter: RateLimiter;
  keys: KeySource;
  revocations?: SessionRevocations;
  security: Headers;
  cors: Cors;
}

/**
 * The hot path, first of all: a signed-in user's poll that the gateway may answer itself (ADR 7). An
 * unchanged poll costs the token check (cached), one Redis round trip (rate-limit counter and the list's
 * stamps, auto-pipelined) and a 304 with the same headers as any answer (request id, security, CORS),
 * without walking the rest of the middleware. A poll of a list shared by everyone in the user's audience
 * (the chefs' open list) whose current body the gateway holds is answered 200 from it, compressed when the
 * client accepts it. Anything else goes on down the chain.
 */
export function pollShortcut(deps: PollShortcutDeps) {
  const { config, revalidation, sharedBodies, stamps, rateLimiter, keys, revocations, security, cors } = deps;
  const answerHeaders = (req: Request, res: Response, etag: string) => {
    assignRequestId(req, res);
    for (const [name, value] of security) res.setHeader(name, value);
    cors.setHeaders(res, req.headers.origin);
    res.setHeader('etag', etag);
    res.setHeader('cache-control', 'private, no-cache');
  };
  const sendShared = (req: Request, res: Response, entry: SharedBody) => {
    answerHeaders(req, res, entry.etag);
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : undefined;
    res.setHeader('content-type', entry.contentType);
    res.append('vary', 'Accept-Encoding');
    if (body && encoding) res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', (body ?? entry.body).length);
    res.status(200).end(body ?? entry.body);
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || !req.url.startsWith('/api/')) return next();
    const ifNoneMatch = req.headers['if-none-match'];
    try {
      const token = bearerToken(req);
      if (!token) return next();
      const user = await verifyAccessToken(token, keys, revocations);
      req.account = user;
      // The service answered this user for this URL within its max-age (and said whether it was shared).
      const entry = revalidation.admitted(user.id, req.url);
      if (!entry) return next();
      const shared = entry.shared ? sharedBodies.get(entry.shared, req.url) : null;
      const conditional = typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, entry.etag);
      if (!shared && !conditional) return next();
      const checked = shared ?? entry;
      const [hit, current] = await Promise.all([
        rateLimiter.hit(`user:${user.id}`, config.RATE_LIMIT_API_PER_MINUTE, 60),
        stamps.read(checked.keys).catch(() => null),
      ]);
      (req as PollRequest).counted = hit; // a refusal is answered down the chain, with the usual headers
      if (!hit.allowed || !current) return next();
      if (shared && unchanged(shared, current)) {
        if (typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, shared.etag)) {
          answerHeaders(req, res, shared.etag);
          return void res.status(304).end();
        }
        return sendShared(req, res, shared);
      }
      if (!conditional || !unchanged(entry, shared ? await stamps.read(entry.keys) : current)) return next();
      answerHeaders(req, res, entry.etag);
      res.status(304).end();
    } catch {
      next(); // a bad token and the like: the /api handler answers it as usual
    }
  };
}
