import { createLogger, listen } from '@brigade/kit';
import { createPushSandbox, loadPushSandboxConfig, type PushSandbox } from './app';

export interface TestPushSandbox {
  /** Its address: the endpoints' origin, notifications' PUSH_SANDBOX_URL, the gateway's. */
  url: string;
  sandbox: PushSandbox;
  close(): Promise<void>;
}

/** The push sandbox for component tests, as the embedded runner starts it: in memory, on a free port. */
export async function startTestPushSandbox(env: Record<string, string> = {}): Promise<TestPushSandbox> {
  const sandbox = createPushSandbox(
    { logger: createLogger('push-sandbox-test', 'silent') },
    loadPushSandboxConfig({ NODE_ENV: 'test', ...env }),
  );
  const server = await listen(sandbox.app, 0, '127.0.0.1');
  await sandbox.start({ url: server.url });
  return {
    url: server.url,
    sandbox,
    async close() {
      await sandbox.stop();
      await server.close();
    },
  };
}
