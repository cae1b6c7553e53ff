import { runService } from '@brigade/kit';
import { createNotificationsService, loadMigrations, SERVICE_NAME } from './app';
import { loadNotificationsConfig } from './config';

const config = loadNotificationsConfig();
await runService({
  name: SERVICE_NAME,
  config,
  migrations: await loadMigrations(),
  build: (deps) => createNotificationsService(deps, config),
});
