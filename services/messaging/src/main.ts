import { runService } from '@brigade/kit';
import { createMessagingService, loadMigrations, SERVICE_NAME } from './app';
import { loadMessagingConfig } from './config';

// The Google SDK must never probe the cloud metadata address for credentials (STACK-NOTES).
process.env.METADATA_SERVER_DETECTION ??= 'none';

const config = loadMessagingConfig();
await runService({
  name: SERVICE_NAME,
  config,
  migrations: await loadMigrations(),
  build: (deps) => createMessagingService(deps, config),
});
