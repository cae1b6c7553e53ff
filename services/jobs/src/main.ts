import { runService } from '@brigade/kit';
import { createJobsService, loadMigrations, SERVICE_NAME } from './app';
import { loadJobsConfig } from './config';

const config = loadJobsConfig();
await runService({
  name: SERVICE_NAME,
  config,
  migrations: await loadMigrations(),
  build: (deps) => createJobsService(deps, config),
});
