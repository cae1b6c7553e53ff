import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger';

/** An error a client can act on: a human text, a stable code (SERVICE.REASON), an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'HTTP.BAD_REQUEST', extra?: Record<string, unknown>) =>
  new AppError(400, code, message, extra);
export const unauthorized = (message = 'Authentication required', code = 'AUTH.REQUIRED') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = 'AUTH.FORBIDDEN', extra?: Record<string, unknown>) =>
  new AppError(403, code, message, extra);
export const notFound = (message: string, code = 'HTTP.NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'HTTP.CONFLICT', extra?: Record<string, unknown>) =>
  new AppError(409, code, message, extra);
export const tooManyRequests = (message: string, code = 'HTTP.RATE_LIMITED') =>
  new AppError(429, code, message);

/** What the drivers' and express's errors carry beside Error's own fields (each field where one sets it). */
type DriverError = {
  code?: unknown;
  cause?: DriverError;
  message?: unknown;
  status?: unknown;
  expose?: boolean;
  type?: string;
};

/** PostgreSQL's unique_violation, however the driver wraps it (a unique index had the last word in a race). */
export function isUniqueViolation(err: unknown): boolean {
  let e = err as DriverError | undefined;
  for (let i = 0; i < 4 && e; i++) {
    if (e.code === '23505') return true;
    e = e.cause;
  }
  return false;
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** The first zod issue as one readable sentence. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  // A custom message from a schema is already user-facing; zod's defaults get the field name in front.
  const path = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
  const generic = /^Invalid input|^Too (big|small)|^Expected|^Invalid option|^Unrecognized/i.test(
    issue.message,
  );
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message) && path)
    return `${path} is required`;
  return generic && path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * The code of a refusal: the first issue's own when its schema gives one (`params: { code }`, such as contracts'
 * display names: VALIDATION.INVISIBLE_CHARACTERS), else VALIDATION.FAILED.
 */
export function zodCode(error: ZodError): string {
  const issue = error.issues[0] as { code: string; params?: { code?: unknown } } | undefined;
  const own = issue?.code === 'custom' ? issue.params?.code : undefined;
  return typeof own === 'string' && /^[A-Z]+\.[A-Z_]+$/.test(own) ? own : 'VALIDATION.FAILED';
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError(404, 'HTTP.NOT_FOUND', `No route for ${req.method} ${req.path}`));
};

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections: the server takes no new connection right now (its max_connections are in use)
  '53300',
]);
const DB_UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * The database (or another backing server) cannot be reached right now: refused or dropped connection, server
 * shutting down or starting up (PostgreSQL 57P01-57P03, class 08), or out of connections (53300). Looks through
 * wrapped causes (drizzle).
 */
export function isDependencyUnavailable(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as DriverError).cause, depth++
  ) {
    const code = (e as DriverError).code;
    if (typeof code === 'string' && (DB_UNAVAILABLE_CODES.has(code) || /^08...$/.test(code))) return true;
    if (DB_UNAVAILABLE_MESSAGES.test(String((e as DriverError).message ?? ''))) return true;
  }
  return false;
}

/** The one error middleware: every error leaves as `{ error, code }` with the right status. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let status = 500;
    let body: Record<string, unknown> = { error: 'Something went wrong on our side', code: 'INTERNAL' };
    if (err instanceof AppError) {
      status = err.status;
      body = { error: err.message, code: err.code, ...err.extra };
    } else if (err instanceof ZodError) {
      status = 400;
      body = {
        error: zodMessage(err),
        code: zodCode(err),
        issues: err.issues
          .slice(0, 10)
          .map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      };
    } else if (err instanceof URIError && (err as DriverError).status === 400) {
      // The router could not percent-decode a path parameter (`/jobs/%zz`): a client mistake.
      status = 400;
      body = { error: 'Malformed percent-encoding in the URL', code: 'HTTP.BAD_URL' };
    } else if (
      err &&
      typeof err === 'object' &&
      typeof (err as DriverError).status === 'number' &&
      (err as DriverError).expose
    ) {
      // body-parser / http-errors raised by express itself: a client mistake.
      status = (err as DriverError).status as number;
      const type = (err as DriverError).type;
      const messages: Record<string, string> = {
        'entity.parse.failed': 'Request body is not valid JSON',
        'entity.too.large': 'Request body is too large',
        'encoding.unsupported': 'Unsupported content encoding',
        'charset.unsupported': 'Unsupported charset',
        'request.aborted': 'Request aborted',
      };
      body =
        (err as Error).message === NUL_MESSAGE
          ? { error: NUL_MESSAGE, code: 'VALIDATION.NUL' }
          : { error: (type && messages[type]) || (err as Error).message, code: `HTTP.${status}` };
    } else if (isDependencyUnavailable(err)) {
      // A database restart or outage: nothing the client did wrong, and trying again shortly will work.
      status = 503;
      body = { error: 'Service temporarily unavailable, please try again', code: 'SERVICE.UNAVAILABLE' };
    }
    if (status >= 500) {
      const log: Logger = (req as { log?: Logger }).log ?? logger;
      log.error({ err }, 'request failed');
    }
    if (res.headersSent) return;
    if (body.code === 'SERVICE.UNAVAILABLE') res.setHeader('retry-after', '1');
    // A 429 that knows when the client may try again says so in the standard header too.
    if (status === 429 && typeof body.retry_after_seconds === 'number')
      res.setHeader('retry-after', String(body.retry_after_seconds));
    res.status(status).json(body);
  };
}
