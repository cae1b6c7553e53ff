import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { sql, type Database, type Executor, type Logger } from '@brigade/kit';
import { publicView, StripeApiError } from './emulator-params';
import type { EmulatorResult, RequestInfo } from './emulator-params';
import { stripeId } from './ids';
import type { SandboxWebhookDeliverer } from './webhook-deliverer';

/** One emulated API call: its params from the request, its answer (or a status and body) as the result. */
export type Handler = (
  tx: Executor,
  req: Request,
  info: RequestInfo,
) => Promise<EmulatorResult | Record<string, unknown>>;

/** The express handler of an emulated call: `route(handler)` on every router of the sandbox. */
export function idempotentRoutes(options: {
  database: Database;
  deliverer: SandboxWebhookDeliverer;
  logger: Logger;
}) {
  const { database, deliverer } = options;
  /**
   * Run one API call in a transaction with Stripe's idempotency semantics, then deliver its events. Stripe does
   * not answer 500 because two calls touched the same objects at once: a transaction PostgreSQL aborts for a
   * deadlock or a serialization conflict runs again (nothing of it was kept).
   */
  async function execute(req: Request, res: Response, handler: Handler) {
    const key = req.method === 'POST' ? (req.get('Idempotency-Key') ?? null) : null;
    const info: RequestInfo = { id: `req_${stripeId('x').slice(4, 18)}`, idempotency_key: key };
    const hash = createHash('sha256')
      .update(`${req.method} ${req.path} ${JSON.stringify(req.body ?? {})}`)
      .digest('hex');
    const s = sql.raw(database.schema);
    let replayed = false;
    try {
      const result = await withConflictRetries(() =>
        database.transaction(async (tx) => {
          if (key) {
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-idem:${key}`}))`);
            const [previous] = await database.rows<{ request_hash: string; status: number; body: unknown }>(
              sql`select request_hash, status, body from ${s}.idempotency where key = ${key}`,
              tx,
            );
            if (previous) {
              if (previous.request_hash !== hash) {
                return {
                  status: 400,
                  body: {
                    error: {
                      type: 'idempotency_error',
                      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                    },
                  },
                };
              }
              replayed = true;
              return {
                status: previous.status,
                body: typeof previous.body === 'string' ? JSON.parse(previous.body) : previous.body,
              };
            }
          }
          let outcome: EmulatorResult;
          try {
            const value = await handler(tx, req, info);
            outcome =
              'status' in value && 'body' in value && typeof value.status === 'number'
                ? (value as EmulatorResult)
                : { status: 200, body: value };
          } catch (err) {
            if (!(err instanceof StripeApiError)) throw err;
            outcome = { status: err.status, body: { error: err.raw } };
          }
          outcome = { status: outcome.status, body: publicView(outcome.body) };
          if (key) {
            await tx.execute(
              sql`insert into ${s}.idempotency (key, request_hash, status, body) values (${key}, ${hash}, ${outcome.status}, ${JSON.stringify(outcome.body)}::jsonb)`,
            );
          }
          return outcome;
        }),
      );
      res.setHeader('Request-Id', info.id);
      if (key) res.setHeader('Idempotency-Key', key);
      if (replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(result.status).json(result.body);
      deliverer.kick();
    } catch (err) {
      options.logger.error({ err }, 'stripe sandbox request failed');
      res
        .status(500)
        .json({ error: { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' } });
    }
  }

  return (handler: Handler) => (req: Request, res: Response) => execute(req, res, handler);
}

const CONFLICT_CODES = new Set(['40P01', '40001']);

/** The PostgreSQL error code of `err` or of its cause (drizzle wraps the driver's error). */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

async function withConflictRetries<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !CONFLICT_CODES.has(pgCode(err) ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
