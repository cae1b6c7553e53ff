import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString, type ParsedUrlQuery } from 'node:querystring';
import type { Express, Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { bearerToken, currentUser, isMember, verifyAccessToken, type AuthUser, type KeySource } from './auth';
import { AppError } from './errors';
import { assignRequestId, isUuid, parse } from './http';
import type { Logger } from './logger';
import { expressRoute, httpMetrics } from './metrics';
import type { SessionRevocations } from './revocations';
import type { ServiceDeps } from './service';

/** One GET as its answer sees it, whichever path took it (ADR 19). */
export interface LeanGet<Q> {
  req: IncomingMessage;
  res: ServerResponse;
  /** The signed-in chef or restaurant. */
  user: AuthUser;
  /** The path's parameters in order, each a uuid (lowercase). */
  params: string[];
  /** The query as the route's schema parsed it. */
  query: Q;
  /** The query string as Express's `req.query` has it (node's querystring), before the schema. */
  search: ParsedUrlQuery;
}

/**
 * A signed-in member's GET, written once and served by both paths: Express (`expressGet`, behind the router's
 * `requireUser`) and the lean path in front of it (`leanGets`). `answer` writes the whole answer with
 * node:http's own methods (Express's objects are node's too) and nothing else.
 */
export interface GetRoute<Q = unknown> {
  /** As the Express route names it, e.g. `/messages/job/:jobId`: each `:param` a uuid. Its metrics label too. */
  path: string;
  /** The contract's query schema. */
  query: z.ZodType<Q>;
  /** What a parameter that is not a uuid is (the 404 an unknown id gets); needed when `path` has parameters. */
  notFound?: () => AppError;
  answer(get: LeanGet<Q>): Promise<void>;
}

/** A GET route, typed by its query schema. */
export function getRoute<S extends z.ZodType>(route: GetRoute<z.infer<S>> & { query: S }): GetRoute {
  return route as unknown as GetRoute;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The route's Express handler (after the router's `requireUser`): the same parse, then the same answer. */
export function expressGet(route: GetRoute): RequestHandler {
  const names = paramNames(route.path);
  return async (req, res) => {
    const params = names.map((name) => {
      const value = req.params[name];
      if (!isUuid(value)) throw route.notFound?.() ?? new AppError(404, 'HTTP.NOT_FOUND', 'Not found');
      return value.toLowerCase();
    });
    const search = req.query as ParsedUrlQuery;
    await route.answer({
      req,
      res,
      user: currentUser(req),
      params,
      query: parse(route.query, search),
      search,
    });
  };
}

/** A plain node:http handler in front of Express: true when it took the request. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface LeanGetsOptions {
  /** The service (the HTTP metrics' `service` label). */
  name: string;
  logger: Logger;
  keys: KeySource;
  /** The same revocations its `requireUser` checks. */
  revocations: SessionRevocations | undefined;
  routes: GetRoute[];
}

type LeanRequest = IncomingMessage & { id?: string; leanRoute?: string };

/**
 * The lean path of a service's hot polled GETs (ADR 19): for a plain signed-in member's GET of one of `routes`,
 * what the Express chain does and nothing more: the HTTP metrics, the request id, `requireUser`'s token check
 * (cached verify, revocations), the query through the route's schema, then the route's answer, the same
 * function Express calls. Anything else resolves false, untouched, and Express answers it exactly as before:
 * another method (HEAD included) or path, a path parameter that is not a uuid, a NUL in the query, a body, no
 * token or a bad, ended or operator's one, a query the schema refuses, and an answer that throws before
 * writing (its headers are taken back: Express runs the route again and answers the error).
 */
export function leanGets(options: LeanGetsOptions): FrontHandler {
  const { name, logger, keys, revocations } = options;
  const table = options.routes.map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/:\w+/g, '([^/]+)')}$`),
  }));
  // Express's own `httpMetrics` then skips the request (one count), whoever answers it.
  const meter = httpMetrics(name, (req) => (req as LeanRequest).leanRoute ?? expressRoute(req));
  const accessLog = logger.isLevelEnabled('debug');

  return async (req: LeanRequest, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    let found: (typeof table)[number] | undefined;
    let params: string[] = [];
    for (const entry of table) {
      const match = entry.pattern.exec(path);
      if (!match) continue;
      found = entry;
      params = match.slice(1);
      break;
    }
    if (!found) return false;
    if (!params.every(isUuid)) return false;
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    if (/%00/i.test(rawQuery)) return false; // Express's 400 (VALIDATION.NUL)
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined)
      return false; // the body parser's business
    meter(req as Request, res as never, () => {});
    const token = bearerToken(req);
    if (!token) return false;
    let user;
    try {
      user = await verifyAccessToken(token, keys, revocations);
    } catch {
      return false;
    }
    if (!isMember(user)) return false;
    const search = parseQueryString(rawQuery);
    const parsed = found.route.query.safeParse(search);
    if (!parsed.success) return false;

    const started = accessLog ? process.hrtime.bigint() : 0n;
    assignRequestId(req, res);
    req.leanRoute = found.route.path; // the metrics' label, read when the answer is finished
    try {
      await found.route.answer({
        req,
        res,
        user,
        params: params.map((p) => p.toLowerCase()), // as uuidParam gives them
        query: parsed.data,
        search,
      });
    } catch {
      if (res.headersSent) {
        res.destroy(); // cannot happen with answers written in one go; never a hang
        return true;
      }
      for (const header of res.getHeaderNames()) res.removeHeader(header);
      res.statusCode = 200;
      req.leanRoute = undefined;
      return false;
    }
    if (accessLog) logAnswer(logger, req, res, started);
    return true;
  };
}

/** The access-log line `createHttpApp` writes at debug, for an answer the lean path wrote. */
function logAnswer(logger: Logger, req: LeanRequest, res: ServerResponse, started: bigint) {
  const log = () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger
      .child({ reqId: req.id })
      .debug(
        { method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
  };
  if (res.writableFinished) log();
  else res.once('finish', log);
}

/**
 * A service's lean path (ADR 19): `routes` answered in front of its Express app, unless `deps.leanGets` is
 * false (`LEAN_GETS=0`), with the same keys and revocations as its `requireUser`.
 */
export function serveLeanGets(
  app: Express,
  name: string,
  deps: Pick<ServiceDeps, 'logger' | 'keys' | 'revocations' | 'leanGets'>,
  routes: GetRoute[],
): void {
  if (deps.leanGets === false) return;
  const { logger, keys, revocations } = deps;
  serveInFront(app, leanGets({ name, logger, keys, revocations, routes }));
  leanRoutes.set(app, routes);
}

const leanRoutes = new WeakMap<Express, GetRoute[]>();

/** The routes `serveLeanGets` serves in front of this app: none when it has no lean path (tests ask it). */
export function leanRoutesOf(app: Express): GetRoute[] {
  return leanRoutes.get(app) ?? [];
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;
const fronts = new WeakMap<Express, { front: FrontHandler; viaExpress: Handle }>();

/**
 * Put `front` in front of an Express app, on every server that serves it: each request `tries` (by default
 * every GET) tries it first, and one it does not take is handled by Express as if untouched. One that throws
 * has answered nothing yet: Express answers it as usual.
 */
export function serveInFront(
  app: Express,
  front: FrontHandler,
  tries: (req: IncomingMessage) => boolean = (req) => req.method === 'GET',
): void {
  // An Express app is `(req, res, next) => app.handle(req, res, next)`: its handle is what servers call.
  const router = app as unknown as { handle: Handle };
  const viaExpress: Handle = router.handle.bind(app);
  router.handle = (req, res, next) => {
    if (!tries(req)) return viaExpress(req, res, next);
    front(req, res).then(
      (taken) => (taken ? undefined : viaExpress(req, res, next)),
      () => viaExpress(req, res, next),
    );
  };
  fronts.set(app, { front, viaExpress });
}

/** The handler `serveInFront` put in front of this app, if any (tests ask it alone). */
export function frontOf(app: Express): FrontHandler | undefined {
  return fronts.get(app)?.front;
}

/**
 * The app as Express alone answers it, its front left out: what the same app built without it (`LEAN_GETS=0`)
 * answers, on the same data (tests compare the two).
 */
export function expressOf(app: Express): (req: IncomingMessage, res: ServerResponse) => void {
  const viaExpress = fronts.get(app)?.viaExpress;
  return viaExpress ? (req, res) => viaExpress(req, res) : app;
}
