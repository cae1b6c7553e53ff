import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import {
  AppError,
  createHttpApp,
  finishHttpApp,
  readMigrations,
  servesSandboxPages,
  type Database,
  type Logger,
  type Migration,
} from '@brigade/kit';
import { twilioApiRouter } from './api.router';
import { loadSmsSandboxConfig, type SmsSandboxConfig } from './config';
import { outboxRouter } from './outbox.router';
import { readOutbox } from './store';

export { loadSmsSandboxConfig, type SmsSandboxConfig } from './config';
export { MAX_SENDS, MAX_WRONG_CHECKS } from './verify';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Its schema (PGlite) and the suffix of its own database (`<base>_sms_sandbox`) in real mode. */
export const SANDBOX_NAME = 'sms_sandbox';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(path.join(here, 'db', 'migrations'));
}

export interface SandboxText {
  sid: string;
  kind: 'verification' | 'message';
  to: string;
  body: string;
  sent_at: string;
}

export interface SmsSandbox {
  readonly name: typeof SANDBOX_NAME;
  /** `/v2` (Twilio Verify), `/2010-04-01` (Messages), `/sandbox/sms/outbox` (outside production), `/ready`. */
  readonly app: Express;
  readonly database: Database;
  /** The outbox, newest first (what `GET /sandbox/sms/outbox` answers). */
  outbox(query?: { to?: string; limit?: number }): Promise<SandboxText[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const outboxUnavailable = () =>
  new AppError(
    404,
    'SANDBOX.NOT_IN_PRODUCTION',
    'The SMS sandbox does not show its outbox under NODE_ENV=production',
  );

/**
 * The SMS sandbox: the two Twilio APIs Brigade calls, answered as Twilio answers them, for the SDK pointed at this
 * app's address (identity's TWILIO_VERIFY_API_BASE_URL, notifications' TWILIO_API_BASE_URL); every text it would
 * have sent goes into its outbox. Under NODE_ENV=production only Twilio's APIs are served, never the outbox.
 */
export async function createSmsSandbox(
  deps: { database: Database; logger: Logger; now?: () => Date },
  config: SmsSandboxConfig = loadSmsSandboxConfig(),
): Promise<SmsSandbox> {
  const { database, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const app = createHttpApp({ name: 'sms-sandbox', logger, ready: () => database.ping() });
  app.use(
    twilioApiRouter({
      database,
      logger,
      credentials: { sid: config.TWILIO_ACCOUNT_SID, token: config.TWILIO_AUTH_TOKEN },
      verify: {
        database,
        serviceName: config.SMS_SANDBOX_SERVICE_NAME,
        ttlSeconds: config.SMS_SANDBOX_CODE_TTL_SECONDS,
        now,
      },
    }),
  );
  if (servesSandboxPages(config)) app.use('/sandbox/sms', outboxRouter(database));
  else
    app.use('/sandbox', () => {
      throw outboxUnavailable();
    });
  finishHttpApp(app, logger);

  return {
    name: SANDBOX_NAME,
    app,
    database,
    async outbox(query = {}) {
      const rows = await readOutbox(database, query.to, query.limit ?? 100);
      return rows.map((r) => ({
        sid: r.sid,
        kind: r.kind,
        to: r.to_phone,
        body: r.body,
        sent_at: new Date(r.sent_at).toISOString(),
      }));
    },
    start: async () => undefined,
    stop: async () => undefined,
  };
}
