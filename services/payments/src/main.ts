import { runServiceMain } from '@brigade/kit';
import { createPaymentsService, loadMigrations, SERVICE_NAME } from './app';
import { loadPaymentsConfig } from './config';

await runServiceMain({
  name: SERVICE_NAME,
  loadConfig: loadPaymentsConfig,
  loadMigrations,
  create: createPaymentsService,
});
