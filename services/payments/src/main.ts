import { runService } from '@brigade/kit';
import { createPaymentsService, loadMigrations, SERVICE_NAME } from './app';
import { loadPaymentsConfig } from './config';

const config = loadPaymentsConfig();
await runService({
  name: SERVICE_NAME,
  config,
  migrations: await loadMigrations(),
  build: (deps) => createPaymentsService(deps, config),
});
