import { runServiceMain } from '@brigade/kit';
import { createMessagingService, loadMigrations, SERVICE_NAME } from './app';
import { loadMessagingConfig } from './config';

// The Google SDK must never probe the cloud metadata address for credentials (STACK-NOTES).
process.env.METADATA_SERVER_DETECTION ??= 'none';

await runServiceMain({
  name: SERVICE_NAME,
  loadConfig: loadMessagingConfig,
  loadMigrations,
  create: createMessagingService,
});
