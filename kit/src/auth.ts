import type { IncomingMessage } from 'node:http';
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

/** The marketplace's two sides, and the platform team's operators (issue 17; never at sign-up). */
export type MemberType = 'chef' | 'restaurant';
export type AccountType = MemberType | 'operator';

/** Whoever a verified access token belongs to. */
export interface TokenUser {
  id: string;
  type: AccountType;
  language: 'en' | 'es';
  sessionId: string;
  /** The account's phone was verified when the token was issued (claim `pv`; a missing claim is false). */
  phoneVerified: boolean;
  /**
   * The account's email (claim `email`): carried by operators' tokens, so a service records who acted in its
   * audit log without reading identity's tables. Absent on members' tokens.
   */
  email?: string;
}

/** A chef or a restaurant: what every marketplace route works with (`req.user`). */
export interface AuthUser extends TokenUser {
  type: MemberType;
}

/** An operator: what the console's routes work with (`req.operator`). */
export interface OperatorUser extends TokenUser {
  type: 'operator';
}

declare module 'express-serve-static-core' {
  interface Request {
    /** a chef or restaurant (requireUser) */
    user?: AuthUser;
    /** an operator (requireOperator) */
    operator?: OperatorUser;
    /** whoever the token belongs to (requireUser, requireOperator, the gateway) */
    account?: TokenUser;
  }
}

export function isMember(user: TokenUser): user is AuthUser {
  return user.type === 'chef' || user.type === 'restaurant';
}
export function isOperator(user: TokenUser): user is OperatorUser {
  return user.type === 'operator';
}

export type KeySource = JWTVerifyGetKey;

export function remoteKeys(url: string): KeySource {
  return createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 600_000 });
}
export function localKeys(jwks: JSONWebKeySet): KeySource {
  return createLocalJWKSet(jwks);
}

const CACHE_LIMIT = 20_000;
const verified = new WeakMap<KeySource, Map<string, { user: TokenUser; exp: number }>>();

/** A token of a session that was signed out or revoked (see `SessionRevocations`) is refused. */
function unlessEnded(user: TokenUser, revocations: SessionRevocations | undefined): TokenUser {
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
): Promise<TokenUser> {
  let cache = verified.get(keys);
  if (!cache) verified.set(keys, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return unlessEnded(hit.user, revocations);
    cache.delete(token);
  }
  let user: TokenUser;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: [TOKEN_ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const type = payload.user_type;
    if (typeof payload.sub !== 'string' || (type !== 'chef' && type !== 'restaurant' && type !== 'operator'))
      throw new Error('bad claims');
    user = {
      id: payload.sub,
      type,
      language: payload.lang === 'es' ? 'es' : 'en',
      sessionId: typeof payload.sid === 'string' ? payload.sid : '',
      phoneVerified: payload.pv === true,
      ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
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

export function bearerToken(req: Pick<IncomingMessage, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * The one bearer-token check of every route: a valid token of a session that has not ended (with
 * `revocations`), then `admit` places the account on the request or refuses it (a 403 it returns).
 */
function bearerAuth(
  keys: KeySource,
  revocations: SessionRevocations | undefined,
  admit: (req: Request, account: TokenUser) => AppError | null,
): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next(new AppError(401, 'AUTH.REQUIRED', 'Authentication required'));
    try {
      const account = await verifyAccessToken(token, keys, revocations);
      req.account = account;
      next(admit(req, account) ?? undefined);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Express middleware: a valid bearer token of a session that has not ended is required. Every caller says
 * which revocations it checks: `undefined` accepts an ended session's token (identity's sign-out, which may
 * run again; a component test without revocations). `accounts`:
 * - `members` (the default): chefs and restaurants, set as `req.user`; an operator's token is a 403 (the
 *   console has its own routes, under /ops);
 * - `all`: any account (identity's own /auth routes): `req.account`, and `req.user` for a member.
 */
export function requireUser(
  keys: KeySource,
  revocations: SessionRevocations | undefined,
  accounts: 'members' | 'all' = 'members',
): RequestHandler {
  return bearerAuth(keys, revocations, (req, account) => {
    if (isMember(account)) req.user = account;
    else if (accounts === 'members')
      return forbidden(
        'Operators work in the operations console, not as a chef or restaurant',
        'AUTH.WRONG_ROLE',
      );
    return null;
  });
}

/** Express middleware for the console's routes (/ops): an operator's token, or 401/403. Sets `req.operator`. */
export function requireOperator(
  keys: KeySource,
  revocations: SessionRevocations | undefined,
): RequestHandler {
  return bearerAuth(keys, revocations, (req, account) => {
    if (!isOperator(account)) return forbidden('Only operators can do this', 'AUTH.OPERATORS_ONLY');
    req.operator = account;
    return null;
  });
}

/** The signed-in chef or restaurant; throws 401 when a route forgot requireUser. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw new AppError(401, 'AUTH.REQUIRED', 'Authentication required');
  return req.user;
}

/** Whoever is signed in (any account type); throws 401 when a route forgot requireUser/requireOperator. */
export function currentAccount(req: Request): TokenUser {
  const account = req.account ?? req.user ?? req.operator;
  if (!account) throw new AppError(401, 'AUTH.REQUIRED', 'Authentication required');
  return account;
}

/** The signed-in operator; throws 401 when a route forgot requireOperator. */
export function currentOperator(req: Request): OperatorUser {
  if (!req.operator) throw new AppError(401, 'AUTH.REQUIRED', 'Authentication required');
  return req.operator;
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
    type: AccountType;
    language: 'en' | 'es';
    sessionId: string;
    phoneVerified?: boolean;
    /** an operator's email (claim `email`), so the services can name who acted in their audit logs */
    email?: string;
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
    ...(user.email ? { email: user.email } : {}),
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
