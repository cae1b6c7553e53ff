import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError, errorMiddleware, notFoundHandler, NUL_MESSAGE } from './errors';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from './json-depth';
import type { Logger } from './logger';
import { httpMetrics } from './metrics';

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Readiness: throws when the service cannot serve (database or bus down). */
  ready: () => Promise<void>;
  jsonLimit?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}

/**
 * The express app every service starts from: request id (from the gateway's x-request-id or new), a child
 * logger per request, one access-log line, `/health` (alive) and `/ready` (dependencies up), with the names
 * orchestrators try first, `/healthz` and `/readyz`, as aliases; JSON bodies.
 */
export function createHttpApp({ name, logger, ready, jsonLimit = '100kb' }: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  useRequestId(app, logger);
  app.use(httpMetrics(name));
  // One access-log line per request at debug (a 5xx is also logged at error by the error middleware).
  // Decided once: at info and above no request pays for a timer and a listener it will not use.
  if (logger.isLevelEnabled('debug'))
    app.use((req, res, next) => {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        req.log.debug(
          { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      });
      next();
    });
  app.get(['/health', '/healthz'], (_req, res) => {
    res.json({ status: 'ok', service: name });
  });
  app.get(['/ready', '/readyz'], async (_req, res) => {
    try {
      await ready();
      res.json({ status: 'ready', service: name });
    } catch (err) {
      res
        .status(503)
        .json({ status: 'not_ready', service: name, error: (err as Error).message, code: 'HTTP.NOT_READY' });
    }
  });
  app.use(refuseNulQuery);
  app.use(jsonBodyParser(jsonLimit));
  return app;
}

/**
 * The query string is text as well: a NUL in it (`?skills=%00`) is refused as a body's is, with a 400, before a
 * use case hands it to PostgreSQL (whose text cannot hold U+0000: a 500 otherwise).
 */
const refuseNulQuery: RequestHandler = (req, _res, next) => {
  const at = req.originalUrl.indexOf('?');
  if (at >= 0 && /%00/i.test(req.originalUrl.slice(at)))
    return next(new AppError(400, 'VALIDATION.NUL', NUL_MESSAGE));
  next();
};

/**
 * The JSON body parser of every process (services and the gateway's auth routes): a size limit, nesting capped
 * before parsing (a body 6000 levels deep overflowed the stack wherever it was revived or re-serialised), and
 * no NUL in any string. Each refusal is a 4xx the error middleware answers as `{ error, code }`.
 */
export function jsonBodyParser(limit: string): RequestHandler {
  return express.json({ limit, reviver: refuseNul, verify: refuseDeep });
}

function refuseDeep(_req: unknown, _res: unknown, body: Buffer, encoding: string) {
  let utf8: Uint8Array = body;
  if (!/^utf-?8$/i.test(encoding)) {
    try {
      utf8 = Buffer.from(new TextDecoder(encoding).decode(body));
    } catch {
      throw new AppError(415, 'HTTP.415', 'Unsupported charset');
    }
  }
  if (jsonNestedDeeperThan(utf8))
    throw new AppError(
      400,
      'HTTP.TOO_DEEP',
      `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
    );
}

/** PostgreSQL text cannot hold U+0000: a JSON string carrying one is refused as a 400 before any use case. */
function refuseNul(_key: string, value: unknown) {
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw new SyntaxError(NUL_MESSAGE); // body-parser turns it into a 400 the error middleware names
  }
  return value;
}

/**
 * Request id from the caller's `x-request-id` (the gateway's) or a new one; echoed in the response, passed
 * on upstream, and bound to a child logger as `req.log` (made on first use).
 */
export function useRequestId(app: Express, logger: Logger): void {
  lazyRequestLogger(app, logger);
  app.use(requestId);
}

/** Give the request its id (the caller's when well-formed) and echo it in the response. */
export function assignRequestId(req: IncomingMessage & { id?: string }, res: ServerResponse): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = req.id;
  res.setHeader('x-request-id', req.id);
}

const requestId: RequestHandler = (req, res, next) => {
  assignRequestId(req, res);
  next();
};

/** `req.log`: a child logger bound to the request id, made on first use (most requests never log). */
function lazyRequestLogger(app: Express, logger: Logger) {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { _log?: Logger }) {
      return (this._log ??= logger.child({ reqId: this.id }));
    },
    set(this: Request & { _log?: Logger }, value: Logger) {
      this._log = value;
    },
  });
}

/**
 * A 200 JSON answer with exactly the headers Express's `res.json` writes (Content-Type with its charset,
 * Content-Length) on a plain node:http response, without Express's send: no freshness check (callers answer
 * If-None-Match themselves), no ETag generation (off in every app). `body`: a value, or JSON text already made.
 */
export function sendJson(res: ServerResponse, body: unknown): void {
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/**
 * A port free to listen on at 127.0.0.1, for a server started after that must know its port first (test stacks,
 * the bench). Chosen below the kernel's ephemeral range (`ip_local_port_range`), where the port of an outgoing
 * connection or of a `listen(0)` is never taken: a port from `listen(0)` is itself an ephemeral one, which any
 * connection opened before the server listens may take (a process stack seen failing with EADDRINUSE that
 * way). Falls back to `listen(0)` when no such port is found.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  // Ports are handed out before their servers listen: a stack asks for all of its ports first, and another test
  // process asks at the same time. So a process never hands out a port twice, and each jest worker draws from its
  // own residue class (port mod PORT_CLASSES), so two workers never pick the same port (a stack seen failing with
  // EADDRINUSE on a port its neighbour had just been given).
  const slot = Number(process.env.JEST_WORKER_ID ?? 0) % PORT_CLASSES;
  const classes = Math.floor((low - 10_000) / PORT_CLASSES);
  for (let attempt = 0; attempt < 40 && classes > 100; attempt++) {
    const port = 10_000 + PORT_CLASSES * Math.floor(Math.random() * classes) + slot;
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  return listenOnce(0);
}

const PORT_CLASSES = 16;
/** The ports this process handed out (a server may not be listening on one yet). */
const handedOut = new Set<number>();

/** The first port of the kernel's ephemeral range (Linux; its default elsewhere). */
function ephemeralLow(): number {
  try {
    return (
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768
    );
  } catch {
    return 32_768;
  }
}

const canListen = (port: number) =>
  listenOnce(port).then(
    () => true,
    () => false,
  );

/** Listen on `port` (0: any) at 127.0.0.1, close, and give the port. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const { port: bound } = probe.address() as AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** 404 for unknown routes and the one error middleware; call after mounting routers. */
export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}

/** Parse with a contract schema; a failure becomes a 400 with the schema's message (error middleware). */
export function parse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value);
}

/** Parse a JSON body; a missing or non-object body is a 400, not a crash. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, req: Request): z.infer<S> {
  const body = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'HTTP.BAD_BODY', 'Request body must be a JSON object');
  }
  return schema.parse(body);
}

/** A path parameter that must be a UUID; anything else is the same 404 an unknown id gets. */
export function uuidParam(
  req: Request,
  name: string,
  notFoundMessage: string,
  code = 'HTTP.NOT_FOUND',
): string {
  const value = req.params[name];
  if (!isUuid(value)) throw new AppError(404, code, notFoundMessage);
  return value.toLowerCase();
}

export interface RunningServer {
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Listen and resolve with the bound address; `close` lets in-flight requests finish and ends every other
 * connection at once.
 */
export function listen(app: Express, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.on('clientError', answerUnparsable);
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    // Each connection's requests not yet answered. Node's `closeIdleConnections` ends a keep-alive connection
    // between two requests, but not one that was opened and has not sent its first request yet (a client's
    // spare, a request given up before it was written): the server waited for it until the hard limit below.
    // Ending every connection at 0 here covers both.
    const inFlight = new Map<Socket, number>();
    server.on('connection', (socket: Socket) => {
      inFlight.set(socket, 0);
      socket.once('close', () => inFlight.delete(socket));
    });
    server.on('request', (req, res) => {
      const socket = req.socket;
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
      res.once('close', () => {
        const requests = inFlight.get(socket);
        if (requests !== undefined) inFlight.set(socket, requests - 1);
      });
    });
    const endQuiet = () => {
      for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
    };
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolve({
        server,
        port: address.port,
        url: `http://${shownHost}:${address.port}`,
        // Stop accepting, let in-flight requests finish, and close each connection as soon as it has no request
        // in flight (a busy keep-alive one would otherwise stay open for its whole keep-alive timeout).
        close: () =>
          new Promise<void>((done) => {
            const quiet = setInterval(endQuiet, 100);
            const hard = setTimeout(() => server.closeAllConnections(), 20_000);
            hard.unref();
            server.close(() => {
              clearInterval(quiet);
              clearTimeout(hard);
              done();
            });
            endQuiet();
          }),
      });
    });
  });
}

/**
 * Node answers a request it cannot parse (request line and headers over 16 KB, bad syntax) with a bare status
 * line; give it the API's `{ error, code }` body like every other refusal.
 */
function answerUnparsable(
  err: NodeJS.ErrnoException,
  socket: { writable: boolean; destroy(): void; end(data: string): void },
) {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const [status, text, error] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The URL or headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ error, code: `HTTP.${status}` });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Whether an If-None-Match header matches this ETag: `*`, or any listed tag equal to it under the weak
 * comparison HTTP prescribes for If-None-Match (`W/"x"` and `"x"` are the same tag).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => {
    const tag = t.trim();
    return tag.startsWith('W/') ? tag.slice(2) : tag;
  };
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === wanted);
}
