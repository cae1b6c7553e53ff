import { runService } from '@brigade/kit';
import { loadIdentityConfig } from './config';

const config = loadIdentityConfig();
const { createIdentityService, loadMigrations, SERVICE_NAME } = await import('./app');

await runService({
  name: SERVICE_NAME,
  config,
  migrations: await loadMigrations(),
  build: async (deps) => {
    const service = await createIdentityService(deps, config, deps.now ? { now: deps.now } : {});
    return service;
  },
  keys: undefined,
});
