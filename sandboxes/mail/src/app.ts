import path from 'node:path';
import type { AddressInfo } from 'node:net';
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
import { loadMailSandboxConfig, type MailSandboxConfig } from './config';
import { outboxRouter, presentMail, type SandboxMail } from './outbox.router';
import { createSmtpServer } from './smtp';
import { readOutbox } from './store';

export { loadMailSandboxConfig, type MailSandboxConfig } from './config';
export type { SandboxMail } from './outbox.router';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Its schema (PGlite) and the suffix of its own database (`<base>_mail_sandbox`) in real mode. */
export const SANDBOX_NAME = 'mail_sandbox';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(path.join(here, 'db', 'migrations'));
}

export interface MailSandbox {
  readonly name: typeof SANDBOX_NAME;
  /** `/sandbox/mail/outbox` (outside production), `/health`, `/ready`. */
  readonly app: Express;
  readonly database: Database;
  /** The SMTP server's address once started (`smtp://127.0.0.1:<port>`): the services' SMTP_URL. */
  readonly smtpUrl: string;
  /** The outbox, newest first (what `GET /sandbox/mail/outbox` answers). */
  outbox(query?: { to?: string; limit?: number }): Promise<SandboxMail[]>;
  /** Start the SMTP server on MAIL_SANDBOX_SMTP_PORT (0: a free port), at `host` (default: HOST). */
  start(options?: { host?: string }): Promise<void>;
  stop(): Promise<void>;
}

const outboxUnavailable = () =>
  new AppError(
    404,
    'SANDBOX.NOT_IN_PRODUCTION',
    'The mail sandbox does not show its outbox under NODE_ENV=production',
  );

/**
 * The mail sandbox: an SMTP server of our own that keeps every mail it is given (parsed: addresses, subject,
 * text, HTML, headers) instead of delivering it, reached by the services' mailer exactly as a real SMTP relay
 * (their SMTP_URL), and an HTTP app answering the outbox. Under NODE_ENV=production the outbox is not served.
 */
export async function createMailSandbox(
  deps: { database: Database; logger: Logger; now?: () => Date },
  config: MailSandboxConfig = loadMailSandboxConfig(),
): Promise<MailSandbox> {
  const { database, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const app = createHttpApp({ name: 'mail-sandbox', logger, ready: () => database.ping() });
  if (servesSandboxPages(config)) app.use('/sandbox/mail', outboxRouter(database));
  else
    app.use('/sandbox', () => {
      throw outboxUnavailable();
    });
  finishHttpApp(app, logger);

  const smtp = createSmtpServer({ database, logger, now, maxBytes: config.MAIL_SANDBOX_MAX_BYTES });
  let smtpUrl = '';
  let listening = false;

  return {
    name: SANDBOX_NAME,
    app,
    database,
    get smtpUrl() {
      if (!smtpUrl) throw new Error('mail sandbox: start() it before asking for its SMTP address');
      return smtpUrl;
    },
    async outbox(query = {}) {
      return (await readOutbox(database, query.to, query.limit ?? 100)).map(presentMail);
    },
    async start(options = {}) {
      if (listening) return;
      const listenOn = options.host ?? config.HOST;
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(config.MAIL_SANDBOX_SMTP_PORT, listenOn, () => {
          smtp.off('error', reject);
          resolve();
        });
      });
      listening = true;
      const { port } = smtp.server.address() as AddressInfo;
      smtpUrl = `smtp://${listenOn === '0.0.0.0' || listenOn === '::' ? '127.0.0.1' : listenOn}:${port}`;
      logger.info({ smtp: smtpUrl }, 'mail sandbox SMTP listening');
    },
    async stop() {
      if (!listening) return;
      listening = false;
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
