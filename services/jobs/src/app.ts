import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createRelay,
  DisabledStamps,
  finishHttpApp,
  readiness,
  readMigrations,
  requireUser,
  subscribeAll,
  type Migration,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import type { JobsConfig } from './config';
import type { JobsContext } from './context';
import { subscriptions } from './events/subscriptions';
import { applicationsRouter } from './http/applications.router';
import { favoritesRouter } from './http/favorites.router';
import { jobsRouter } from './http/jobs.router';

export const SERVICE_NAME = 'jobs';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

export interface JobsServiceOptions {
  /** The clock (tests move it past a shift's start). */
  now?: () => Date;
}

/** Composition root: the HTTP app, the consumers and the outbox relay of the jobs service. No listen. */
export async function createJobsService(
  deps: ServiceDeps,
  config?: Pick<JobsConfig, 'JOBS_RELAY_POLL_MS'>,
  options: JobsServiceOptions = {},
): Promise<ServiceHandle> {
  const relay = createRelay(SERVICE_NAME, deps, config?.JOBS_RELAY_POLL_MS);
  const ctx: JobsContext = {
    database: deps.database,
    relay,
    logger: deps.logger,
    now: options.now ?? (() => new Date()),
    stamps: deps.stamps ?? new DisabledStamps(),
  };

  const app = createHttpApp({ name: SERVICE_NAME, logger: deps.logger, ready: () => readiness(deps) });
  const auth = requireUser(deps.keys, deps.revocations);
  app.use(jobsRouter(ctx, auth));
  app.use(applicationsRouter(ctx, auth));
  app.use(favoritesRouter(ctx, auth));
  finishHttpApp(app, deps.logger);

  return {
    name: SERVICE_NAME,
    app,
    database: deps.database,
    relay,
    async start() {
      await subscribeAll(deps.bus, subscriptions(ctx));
      relay.start();
    },
    async stop() {
      await relay.stop();
    },
  };
}
