import { randomBytes } from 'node:crypto';
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
import { SmsReplies } from './replies';
import { readOutbox, setting } from './store';

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
  /** a message's last status: queued, delivered, failed, undelivered */
  status: string | null;
  error_code: string | null;
}

export interface SmsSandbox {
  readonly name: typeof SANDBOX_NAME;
  /** `/v2` (Twilio Verify), `/2010-04-01` (Messages), `/sandbox/sms/outbox` (outside production), `/ready`. */
  readonly app: Express;
  readonly database: Database;
  /** The token its webhooks are signed with (notifications' SMS_SANDBOX_AUTH_TOKEN). */
  readonly authToken: string;
  /** Status callbacks, inbound texts and delivery faults (issue 40). */
  readonly replies: SmsReplies;
  /** The outbox, newest first (what `GET /sandbox/sms/outbox` answers). */
  outbox(query?: { to?: string; limit?: number }): Promise<SandboxText[]>;
  /** `inboundUrl`: where texts to Brigade are posted (else SMS_SANDBOX_INBOUND_URL). */
  start(options?: { inboundUrl?: string }): Promise<void>;
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
  const authToken =
    config.SMS_SANDBOX_AUTH_TOKEN ??
    config.TWILIO_AUTH_TOKEN ??
    (await setting(database, 'auth_token', () => randomBytes(16).toString('hex')));
  const replies = new SmsReplies({
    database,
    logger,
    authToken,
    inboundUrl: config.SMS_SANDBOX_INBOUND_URL,
    now,
  });
  if (config.SMS_SANDBOX_WEBHOOK_FORWARD) {
    const [publicUrl, internal] = config.SMS_SANDBOX_WEBHOOK_FORWARD.split('=');
    replies.forward(publicUrl, internal);
  }
  const app = createHttpApp({ name: 'sms-sandbox', logger, ready: () => database.ping() });
  app.use(
    twilioApiRouter({
      database,
      logger,
      onMessage: (message) => replies.afterMessage(message),
      credentials: { sid: config.TWILIO_ACCOUNT_SID, token: config.TWILIO_AUTH_TOKEN },
      verify: {
        database,
        serviceName: config.SMS_SANDBOX_SERVICE_NAME,
        ttlSeconds: config.SMS_SANDBOX_CODE_TTL_SECONDS,
        now,
      },
    }),
  );
  if (servesSandboxPages(config)) {
    app.use('/sandbox/sms', outboxRouter(database));
    app.use('/sandbox/sms', replies.router());
  } else
    app.use('/sandbox', () => {
      throw outboxUnavailable();
    });
  finishHttpApp(app, logger);

  return {
    name: SANDBOX_NAME,
    app,
    database,
    authToken,
    replies,
    async outbox(query = {}) {
      const rows = await readOutbox(database, query.to, query.limit ?? 100);
      return rows.map((r) => ({
        sid: r.sid,
        kind: r.kind,
        to: r.to_phone,
        body: r.body,
        sent_at: new Date(r.sent_at).toISOString(),
        status: r.status ?? null,
        error_code: r.error_code ?? null,
      }));
    },
    async start(options = {}) {
      if (options.inboundUrl) replies.setInboundUrl(options.inboundUrl);
    },
    stop: () => replies.settled(),
  };
}
