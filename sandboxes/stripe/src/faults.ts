import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, parseBody, sql, type Database, type Logger } from '@brigade/kit';

/**
 * Provider outages on demand, for the sandbox only: the emulator answers matching SDK calls as Stripe does when
 * it is down or slow, so the payments code is tested through the real SDK and the real network path.
 *
 * - `500`: Stripe's `api_error` with status 500, before anything is done (the SDK retries it, then throws
 *   `StripeAPIError`).
 * - `timeout`: the request is held without an answer until the client gives up (the SDK's `timeout`; then
 *   `StripeConnectionError`); nothing is done.
 * - `lost_response`: the call is carried out and committed, then the answer is never sent: the case where only
 *   the same idempotency key on the retry prevents a second charge, transfer or refund.
 * - `key_in_use`: Stripe's 409 `idempotency_key_in_use` (type `idempotency_error`), before anything is done: another
 *   request with the same key is still being carried out (a second click, or a client's retry while the first call
 *   is at Stripe). The SDK retries a 409 like a 500, then throws it as a `StripeAPIError` with status 409 and
 *   that code (stripe-node makes every 409 one, whatever its type).
 *
 * Faults live in `stripe_sandbox.faults` (shared by every instance on the database); `count` matching requests are
 * failed, or every one until cleared when it is omitted. Each failed request is logged with its idempotency key
 * in `stripe_sandbox.fault_hits`, so a test can see that every retry carried the same key.
 */
export const FAULT_MODES = ['500', 'timeout', 'lost_response', 'key_in_use'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const FaultSpec = z.object({
  method: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['GET', 'POST', '*']))
    .default('POST'),
  /** A path under /v1 as the SDK calls it; `*` matches one path segment: `/v1/payment_intents/*\/confirm`. */
  path: z
    .string()
    .trim()
    .regex(/^\/v1\/[A-Za-z0-9_*/]*$/, 'path must be a /v1/... path (letters, digits, _, / and *)')
    .max(200),
  mode: z.enum(FAULT_MODES),
  count: z.number().int().positive().max(10_000).optional(),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

/** Boot-time faults: `SANDBOX_STRIPE_FAULTS` holds a JSON array of specs. */
export const FaultList = z.array(FaultSpec);

/** How long a `timeout` / `lost_response` request is held at most before its socket is closed. */
const HOLD_MAX_MS = 120_000;

function matches(pattern: string, path: string) {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}/?$`,
  );
  return re.test(path);
}

export class StripeFaults {
  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  private get s() {
    return sql.raw(this.database.schema);
  }

  async add(spec: FaultSpec) {
    const [row] = await this.database.rows<{ id: string }>(
      sql`insert into ${this.s}.faults (method, path_pattern, mode, remaining)
          values (${spec.method}, ${spec.path}, ${spec.mode}, ${spec.count ?? null}) returning id`,
    );
    this.logger.warn({ fault: spec }, 'stripe sandbox: fault injected');
    return { id: Number(row.id), ...spec };
  }

  /** Recover: no more faults, and the log of failed requests starts again. */
  async clear() {
    await this.database.db.execute(sql`delete from ${this.s}.faults`);
    await this.database.db.execute(sql`delete from ${this.s}.fault_hits`);
  }

  async list() {
    const faults = await this.database.rows<{
      id: string;
      method: string;
      path_pattern: string;
      mode: FaultMode;
      remaining: number | null;
      hits: number;
    }>(sql`select id, method, path_pattern, mode, remaining, hits from ${this.s}.faults order by id`);
    const hits = await this.database.rows<{
      method: string;
      path: string;
      idempotency_key: string | null;
      mode: FaultMode;
      at: Date;
    }>(
      sql`select method, path, idempotency_key, mode, at from ${this.s}.fault_hits order by seq desc limit 500`,
    );
    return {
      faults: faults.map((f) => ({
        id: Number(f.id),
        method: f.method,
        path: f.path_pattern,
        mode: f.mode,
        remaining: f.remaining === null ? null : Number(f.remaining),
        hits: Number(f.hits),
      })),
      hits: hits.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
    };
  }

  /** The fault this request falls under, if any (its count is taken atomically; the hit is logged). */
  async take(method: string, path: string, idempotencyKey: string | null): Promise<FaultMode | null> {
    const active = await this.database.rows<{ id: string; method: string; path_pattern: string }>(
      sql`select id, method, path_pattern from ${this.s}.faults where remaining is null or remaining > 0 order by id`,
    );
    for (const fault of active) {
      if (fault.method !== '*' && fault.method !== method) continue;
      if (!matches(fault.path_pattern, path)) continue;
      const [taken] = await this.database.rows<{ mode: FaultMode }>(
        sql`update ${this.s}.faults
            set remaining = case when remaining is null then null else remaining - 1 end, hits = hits + 1
            where id = ${fault.id} and (remaining is null or remaining > 0) returning mode`,
      );
      if (!taken) continue;
      await this.database.db.execute(
        sql`insert into ${this.s}.fault_hits (fault_id, method, path, idempotency_key, mode)
            values (${fault.id}, ${method}, ${path}, ${idempotencyKey}, ${taken.mode})`,
      );
      return taken.mode;
    }
    return null;
  }

  /** Middleware in front of the emulator's `/v1` routes. */
  middleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      let mode: FaultMode | null;
      try {
        mode = await this.take(req.method, `/v1${req.path}`, req.get('Idempotency-Key') ?? null);
      } catch (err) {
        next(err);
        return;
      }
      if (!mode) {
        next();
        return;
      }
      this.logger.warn({ method: req.method, path: req.path, mode }, 'stripe sandbox: injected fault');
      if (mode === '500') {
        res.status(500).json({
          error: {
            type: 'api_error',
            message: 'An unknown error occurred (injected by the Brigade Stripe sandbox).',
          },
        });
        return;
      }
      if (mode === 'key_in_use') {
        res.status(409).json({
          error: {
            type: 'idempotency_error',
            code: 'idempotency_key_in_use',
            message:
              'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later (injected by the Brigade Stripe sandbox).',
          },
        });
        return;
      }
      const hold = () => {
        const timer = setTimeout(() => req.socket.destroy(), HOLD_MAX_MS);
        timer.unref();
        req.socket.once('close', () => clearTimeout(timer));
      };
      if (mode === 'timeout') {
        hold();
        return;
      }
      // lost_response: let the emulator do the work and commit, then swallow its answer.
      res.json = (() => {
        hold();
        return res;
      }) as Response['json'];
      next();
    };
  }

  /**
   * The admin endpoint, on the sandbox's own address only (the gateway exposes `/sandbox/stripe`, not this): `POST {method?, path, mode, count?}`, `GET` (faults and the requests they failed), `DELETE`
   * (recover and forget the log).
   */
  router() {
    const router = express.Router();
    router.use(express.json({ limit: '10kb' }));
    router.post('/', async (req, res) => {
      const spec = parseBody(FaultSpec, req);
      res.status(201).json(await this.add(spec));
    });
    router.get('/', async (_req, res) => {
      res.json(await this.list());
    });
    router.delete('/', async (_req, res) => {
      await this.clear();
      res.json({ cleared: true });
    });
    return router;
  }
}

/** Under NODE_ENV=production the sandbox answers the SDK only: no fault switch, no browser pages. */
export function pagesUnavailable() {
  return new AppError(
    404,
    'SANDBOX.NOT_IN_PRODUCTION',
    'The Stripe sandbox serves no pages and no fault switch under NODE_ENV=production',
  );
}
