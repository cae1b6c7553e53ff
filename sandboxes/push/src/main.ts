import { createLogger, listen } from '@brigade/kit';
import { createPushSandbox } from './app';
import { loadPushSandboxConfig } from './config';

// The push sandbox as its own process (docker compose's `sandbox` profile): the push service and its browser
// side on PORT; its endpoints carry PUSH_SANDBOX_PUBLIC_URL (the address the services reach it at).
const config = loadPushSandboxConfig();
const logger = createLogger('push-sandbox', config.LOG_LEVEL);
const sandbox = createPushSandbox({ logger }, config);
const server = await listen(sandbox.app, config.PORT, config.HOST);
await sandbox.start({ url: server.url });
logger.info({ url: server.url, endpoints: sandbox.url }, 'push-sandbox listening');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await sandbox.stop();
    await server.close();
    process.exit(0);
  });
