import { createLogger, listen } from '@brigade/kit';
import { createTestDatabase } from '@brigade/kit/testing';
import { createSmsSandbox, loadMigrations, loadSmsSandboxConfig, SANDBOX_NAME, type SmsSandbox } from './app';

export interface TestSmsSandbox {
  /** Its address: the services' TWILIO_VERIFY_API_BASE_URL and TWILIO_API_BASE_URL. */
  url: string;
  sandbox: SmsSandbox;
  outbox: SmsSandbox['outbox'];
  close(): Promise<void>;
}

/**
 * The SMS sandbox for a service's component tests, as the embedded runner starts it: on a test database of its
 * own (PGlite, or a fresh PostgreSQL database with DATABASE_URL) and a port of its own.
 */
export async function startTestSmsSandbox(env: Record<string, string> = {}): Promise<TestSmsSandbox> {
  const database = await createTestDatabase(SANDBOX_NAME, await loadMigrations());
  const sandbox = await createSmsSandbox(
    { database, logger: createLogger('sms-sandbox-test', 'silent') },
    loadSmsSandboxConfig({ NODE_ENV: 'test', ...env }),
  );
  const server = await listen(sandbox.app);
  return {
    url: server.url,
    sandbox,
    outbox: (query) => sandbox.outbox(query),
    async close() {
      await server.close();
      await sandbox.stop();
      await database.destroy();
    },
  };
}
