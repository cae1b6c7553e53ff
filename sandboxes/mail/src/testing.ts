import { createLogger, listen } from '@brigade/kit';
import { createTestDatabase } from '@brigade/kit/testing';
import {
  createMailSandbox,
  loadMailSandboxConfig,
  loadMigrations,
  SANDBOX_NAME,
  type MailSandbox,
} from './app';

export interface TestMailSandbox {
  /** The outbox's HTTP address (the gateway's MAIL_SANDBOX_URL). */
  url: string;
  /** The SMTP server's address: the services' SMTP_URL. */
  smtpUrl: string;
  sandbox: MailSandbox;
  outbox: MailSandbox['outbox'];
  close(): Promise<void>;
}

/**
 * The mail sandbox for a service's component tests, as the embedded runner starts it: on a test database of
 * its own (PGlite, or a fresh PostgreSQL database with DATABASE_URL), its SMTP server and HTTP app on free ports.
 */
export async function startTestMailSandbox(env: Record<string, string> = {}): Promise<TestMailSandbox> {
  const database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
  const sandbox = await createMailSandbox(
    { database, logger: createLogger('mail-sandbox-test', 'silent') },
    loadMailSandboxConfig({ NODE_ENV: 'test', ...env }),
  );
  await sandbox.start({ host: '127.0.0.1' });
  const server = await listen(sandbox.app, 0, '127.0.0.1');
  return {
    url: server.url,
    smtpUrl: sandbox.smtpUrl,
    sandbox,
    outbox: (query) => sandbox.outbox(query),
    async close() {
      await server.close();
      await sandbox.stop();
      await database.destroy();
    },
  };
}
