import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { AppError, forbidden } from './errors';
import type { SessionRevocations } from './revocations';

export const TOKEN_ISSUER = 'brigade-identity';
export const TOKEN_AUDIENCE = 'brigade';
export const TOKEN_ALGORITHM = 'EdDSA';

export interface AuthUser {
  id: string;
  type: 'chef' | 'restaurant';
  language: 'en' | 'es';
  sessionId: string;
  /** The account's phone was verified when the token was issued (claim `pv`; a missing claim is false). */
  phoneVerified: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

export type KeySource = JWTVerifyGetKey;

export function remoteKeys(url: string): KeySource {
  return createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 600_000 });
}
export function localKeys(jwks: JSONWebKeySet): KeySource {
  return createLocalJWKSet(jwks);
}

const CACHE_LIMIT = 20_000;
const verified = new WeakMap<KeySource, Map<string, { user: AuthUser; exp: number }>>();

/** A token of a session that was signed out or revoked (see `SessionRevocations`) is refused. */
function unlessEnded(user: AuthUser, revocations: SessionRevocations | undefined): AuthUser {
  if (revocations?.isRevoked(user.sessionId))
    throw new AppError(401, 'AUTH.SESSION_REVOKED', 'Your session has ended. Please sign in again.');
  return user;
}

/**
 * Verify an access token: signature (EdDSA only, so `alg: none` and HMAC tricks fail), issuer, audience,
 * expiry, and with `revocations` that its session has not ended. A token already verified with the same keys
 * is answered from a bounded cache until it expires, so a client polling every few seconds costs one
 * signature check per token, not one per request; the session check (a local map lookup) runs on every
 * call, cache hits included, so the cache never outlives a revocation.
 */
export async function verifyAccessToken(
  token: string,
  keys: KeySource,
  revocations: SessionRevocations | undefined,
): Promise<AuthUser> {
  let cache = verified.get(keys);
  if (!cache) verified.set(keys, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return unlessEnded(hit.user, revocations);
    cache.delete(token);
  }
  let user: AuthUser;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: [TOKEN_ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const type = payload.user_type;
    if (typeof payload.sub !== 'string' || (type !== 'chef' && type !== 'restaurant'))
      throw new Error('bad claims');
    user = {
      id: payload.sub,
      type,
      language: payload.lang === 'es' ? 'es' : 'en',
      sessionId: typeof payload.sid === 'string' ? payload.sid : '',
      phoneVerified: payload.pv === true,
    };
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(token, { user, exp: payload.exp as number });
  } catch (err) {
    const expired = err instanceof joseErrors.JWTExpired;
    throw new AppError(
      401,
      expired ? 'AUTH.TOKEN_EXPIRED' : 'AUTH.INVALID_TOKEN',
      expired ? 'Session expired' : 'Invalid access token',
    );
  }
  return unlessEnded(user, revocations);
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * Express middleware: a valid bearer token of a session that has not ended is required; `req.user` is set
 * from it. Every caller says which revocations it checks: `undefined` accepts an ended session's token
 * (identity's sign-out, which may run again; a component test without revocations).
 */
export function requireUser(keys: KeySource, revocations: SessionRevocations | undefined): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next(new AppError(401, 'AUTH.REQUIRED', 'Authentication required'));
    try {
      req.user = await verifyAccessToken(token, keys, revocations);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The signed-in user; throws 401 when a route forgot requireUser. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw new AppError(401, 'AUTH.REQUIRED', 'Authentication required');
  return req.user;
}

export function requireRole(role: 'chef' | 'restaurant'): RequestHandler {
  return (req, _res, next) => {
    const user = req.user;
    if (!user) return next(new AppError(401, 'AUTH.REQUIRED', 'Authentication required'));
    if (user.type !== role) {
      return next(
        forbidden(
          role === 'chef' ? 'Only chefs can do this' : 'Only restaurants can do this',
          'AUTH.WRONG_ROLE',
        ),
      );
    }
    next();
  };
}

/**
 * Posting, applying and messaging need a verified phone (after requireUser). The token says so (`pv`): a
 * client whose phone was verified after its token was issued takes a fresh token (refresh) and retries.
 */
export function requireVerifiedPhone(): RequestHandler {
  return (req, _res, next) => {
    const user = req.user;
    if (!user) return next(new AppError(401, 'AUTH.REQUIRED', 'Authentication required'));
    if (!user.phoneVerified)
      return next(
        forbidden(
          'Please verify your phone number first. You can get a new code from your dashboard or Settings.',
          'AUTH.PHONE_UNVERIFIED',
        ),
      );
    next();
  };
}

export interface SigningKey {
  kid: string;
  privateKey: Parameters<InstanceType<typeof import('jose').SignJWT>['sign']>[0];
}

/** Sign an access token in the one format every service verifies (identity signs; tests sign with test keys). */
export async function signAccessToken(
  key: SigningKey,
  user: {
    id: string;
    type: 'chef' | 'restaurant';
    language: 'en' | 'es';
    sessionId: string;
    phoneVerified?: boolean;
  },
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const { SignJWT } = await import('jose');
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT({
    user_type: user.type,
    lang: user.language,
    sid: user.sessionId,
    pv: user.phoneVerified === true,
  })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, expiresAt };
}
