import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
import {
  assignRequestId,
  bearerToken,
  etagMatches,
  serveInFront,
  verifyAccessToken,
  type FrontHandler,
  type KeySource,
  type SessionRevocations,
  type VersionStamps,
} from '@brigade/kit';
import { varyOnEncoding } from './compression';
import type { GatewayConfig } from './config';
import type { Cors } from './cors';
import type { RateLimiter } from './rate-limit';
import { unchanged, type RevalidationCache } from './revalidate';
import { preferredEncoding, type SharedBodies, type SharedBody } from './shared-bodies';
import type { Headers } from './security-headers';

/**
 * A request the poll shortcut looked at: whether it tried the token (`account` set when it was good), and
 * once it counted the request against the user's rate limit, what it found.
 */
export type PollRequest = Request & {
  tokenTried?: boolean;
  counted?: { allowed: boolean; resetSeconds: number };
};

/**
 * The request's account from its bearer token, verified once whichever front handler asks first (the shortcut,
 * then the lean path): null without a token, or with one that is bad, expired or ended (Express answers those).
 */
export async function verifiedAccount(
  req: PollRequest,
  keys: KeySource,
  revocations?: SessionRevocations,
): Promise<Request['account'] | null> {
  if (req.tokenTried) return req.account ?? null;
  const token = bearerToken(req);
  if (!token) return null;
  req.tokenTried = true;
  try {
    req.account = await verifyAccessToken(token, keys, revocations);
    return req.account;
  } catch {
    return null;
  }
}

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
 * The hot path, first of all, as a plain node:http handler in front of Express (ADR 7: Express's own
 * request handling cost more than the rest of a 304): a signed-in user's poll that the gateway may answer
 * itself. An unchanged poll costs the token check (cached), one Redis round trip (the list's stamps; the
 * rate-limit counter too, auto-pipelined, when the user is near the limit: else it is counted here and sent
 * in batches) and a 304 with the same headers as any answer (request id, security,
 * CORS). A poll of a list shared by everyone in the user's audience (the chefs' open list) whose current
 * body the gateway holds is answered 200 from it, compressed when the client accepts it. Resolves true
 * when it answered; false: the request goes on to Express as if untouched (with `account` and, once the
 * rate limit was counted, `counted` on it).
 */
export function pollShortcut(deps: PollShortcutDeps) {
  const { config, revalidation, sharedBodies, stamps, rateLimiter, keys, revocations, security, cors } = deps;
  const answerHeaders = (req: IncomingMessage, res: ServerResponse, etag: string) => {
    assignRequestId(req as Request, res as Response);
    for (const [name, value] of security) res.setHeader(name, value);
    cors.setHeaders(res as Response, req.headers.origin);
    res.setHeader('etag', etag);
    res.setHeader('cache-control', 'private, no-cache');
  };
  const sendShared = (req: IncomingMessage, res: ServerResponse, entry: SharedBody) => {
    answerHeaders(req, res, entry.etag);
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : undefined;
    res.setHeader('content-type', entry.contentType);
    varyOnEncoding(res);
    if (body && encoding) res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', (body ?? entry.body).length);
    res.statusCode = 200;
    res.end(body ?? entry.body);
  };
  const notModified = (req: IncomingMessage, res: ServerResponse, etag: string) => {
    answerHeaders(req, res, etag);
    res.statusCode = 304;
    res.end();
    return true;
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !url.startsWith('/api/')) return false;
    const ifNoneMatch = req.headers['if-none-match'];
    try {
      const user = await verifiedAccount(req as PollRequest, keys, revocations);
      if (!user) return false;
      // The service answered this user for this URL within its max-age (and said whether it was shared).
      const entry = revalidation.admitted(user.id, url);
      if (!entry) return false;
      const shared = entry.shared ? sharedBodies.get(entry.shared, url) : null;
      const conditional = typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, entry.etag);
      if (!shared && !conditional) return false;
      // With a kept body, the user's own stamps are read too (one round trip): a shared list is shared by an
      // audience (the chefs of one place), and a user whose own stamp moved (a new city) may have left it.
      const stampKeys = shared ? [...shared.keys, ...entry.keys] : entry.keys;
      const [hit, read] = await Promise.all([
        rateLimiter.hit(`user:${user.id}`, config.RATE_LIMIT_API_PER_MINUTE, 60),
        stamps.read(stampKeys).catch(() => null),
      ]);
      (req as PollRequest).counted = hit; // a refusal is answered by Express, with the usual headers
      if (!hit.allowed || !read) return false;
      const current = shared ? read.slice(0, shared.keys.length) : read;
      const own = shared ? read.slice(shared.keys.length) : read;
      if (shared && unchanged(shared, current) && unchanged(entry, own)) {
        if (typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, shared.etag))
          return notModified(req, res, shared.etag);
        sendShared(req, res, shared);
        return true;
      }
      if (!conditional || !unchanged(entry, own)) return false;
      return notModified(req, res, entry.etag);
    } catch {
      return false; // a bad token and the like: the /api handler answers it as usual
    }
  };
}

/**
 * Put plain node:http handlers in front of an Express app, in the same process and on the same server (kit's
 * `serveInFront`): a GET under /api/ with a bearer token tries each in turn (the poll shortcut, then the lean
 * path of the polled GETs, ADR 17); everything else (and whatever none of them takes) is handled by Express as
 * before. `meter` starts the request's metrics timer, as the app's own first middleware would (that one then
 * skips a request already metered).
 */
export function frontWithShortcut(
  app: Express,
  handlers: FrontHandler[],
  meter: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  serveInFront(
    app,
    async (req, res) => {
      meter(req, res);
      for (const handler of handlers) if (await handler(req, res)) return true;
      return false;
    },
    (req) =>
      req.method === 'GET' && Boolean(req.headers.authorization) && Boolean(req.url?.startsWith('/api/')),
  );
}
