import { runServiceMain } from '@brigade/kit';
import { createNotificationsService, loadMigrations, SERVICE_NAME } from './app';
import { loadNotificationsConfig } from './config';

await runServiceMain({
  name: SERVICE_NAME,
  loadConfig: loadNotificationsConfig,
  loadMigrations,
  create: createNotificationsService,
});
