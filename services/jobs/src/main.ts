import { runServiceMain } from '@brigade/kit';
import { createJobsService, loadMigrations, SERVICE_NAME } from './app';
import { loadJobsConfig } from './config';

await runServiceMain({
  name: SERVICE_NAME,
  loadConfig: loadJobsConfig,
  loadMigrations,
  create: createJobsService,
});
