import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createRelay,
  DisabledStamps,
  finishHttpApp,
  readiness,
  readMigrations,
  requireOperator,
  requireUser,
  serveLeanGets,
  subscribeAll,
  type Migration,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import { platformOpsRouter } from '@brigade/kit';
import { findJob } from './db/jobs.repository';
import { evidenceOfJob } from './queries/evidence';
import { loadJobsConfig, type JobsConfig } from './config';
import type { JobsContext } from './context';
import { subscriptions } from './events/subscriptions';
import { appealsRouter } from './http/appeals.router';
import { applicationsGet, applicationsRouter } from './http/applications.router';
import { calendarRouter } from './http/calendar.router';
import { favoritesRouter } from './http/favorites.router';
import { fillBookingRouter } from './http/fill-booking.router';
import { invitationsRouter } from './http/invitations.router';
import { jobEditsRouter } from './http/job-edits.router';
import { jobsGet, jobsRouter, offeredFirstGet } from './http/jobs.router';
import { blocksRouter } from './http/blocks.router';
import { OpenListCache } from './queries/open-list';
import { offersRouter } from './http/offers.router';
import { opsDisputesRouter } from './http/ops-disputes.router';
import { opsReviewsRouter, reviewsRouter } from './http/reviews.router';
import { seriesRouter } from './http/series.router';
import { shiftTemplatesRouter } from './http/shift-templates.router';
import { timesheetsRouter } from './http/timesheets.router';
import { RulesLoop } from './scheduler/rules-loop';

export const SERVICE_NAME = 'jobs';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

export interface JobsServiceOptions {
  /** The clock (tests move it past a shift's start). */
  now?: () => Date;
}

export interface JobsServiceHandle extends ServiceHandle {
  /** The timed rules (expiry at the start, settlement at the checkout deadline); tests run passes by hand. */
  rules: RulesLoop;
}

/**
 * Composition root: the HTTP app, the consumers, the outbox relay and the rules loop of the jobs service.
 * No listen. Without a config, the defaults (and the default policy).
 */
export async function createJobsService(
  deps: ServiceDeps,
  config: Pick<JobsConfig, 'JOBS_RELAY_POLL_MS' | 'JOBS_RULES_POLL_MS' | 'policy' | 'PUBLIC_URL'> &
    Partial<Pick<JobsConfig, 'JOBS_ROSTER_MINUTE_MS'>> = loadJobsConfig({}),
  options: JobsServiceOptions = {},
): Promise<JobsServiceHandle> {
  const relay = createRelay(SERVICE_NAME, deps, config.JOBS_RELAY_POLL_MS);
  const ctx: JobsContext = {
    database: deps.database,
    relay,
    logger: deps.logger,
    now: options.now ?? (() => new Date()),
    stamps: deps.stamps ?? new DisabledStamps(),
    policy: config.policy,
    publicUrl: config.PUBLIC_URL,
    rosterMinuteMs: config.JOBS_ROSTER_MINUTE_MS,
  };
  const rules = new RulesLoop(ctx, config.JOBS_RULES_POLL_MS);

  const app = createHttpApp({ name: SERVICE_NAME, logger: deps.logger, ready: () => readiness(deps) });
  const auth = requireUser(deps.keys, deps.revocations);
  const openList = new OpenListCache(ctx.database, ctx.policy);
  const jobsList = jobsGet(ctx, openList);
  const offeredFirst = offeredFirstGet(ctx, openList);
  const applicationsList = applicationsGet(ctx);
  // Issue 35: before the jobs router, so that /jobs/series is not read as /jobs/:id.
  app.use(seriesRouter(ctx, auth));
  app.use(jobsRouter(ctx, auth, jobsList, offeredFirst));
  app.use(applicationsRouter(ctx, auth, applicationsList));
  app.use(timesheetsRouter(ctx, auth, requireUser(deps.keys, deps.revocations, 'all')));
  app.use(favoritesRouter(ctx, auth));
  app.use(blocksRouter(ctx, auth));
  app.use(calendarRouter(ctx, auth));
  app.use(invitationsRouter(ctx, auth));
  app.use(shiftTemplatesRouter(ctx, auth));
  app.use(offersRouter(ctx, auth));
  app.use(jobEditsRouter(ctx, auth));
  // Issue 37: book now and boosts.
  app.use(fillBookingRouter(ctx, auth));
  const operatorAuth = requireOperator(deps.keys, deps.revocations);
  app.use(opsDisputesRouter(ctx, operatorAuth));
  // Issue 39: marks on a record and their appeals; reviews both sides can read.
  app.use(appealsRouter(ctx, auth, operatorAuth));
  app.use(reviewsRouter(ctx, auth));
  app.use(opsReviewsRouter(ctx, operatorAuth));
  app.use(
    platformOpsRouter({
      service: SERVICE_NAME,
      ...deps,
      jobExists: async (jobId) => (await findJob(ctx.database, jobId)) !== null,
      // Issue 38: the shift, its clock and checkout answers, its timesheets, for a card dispute's evidence
      evidence: (jobId, query) => evidenceOfJob(ctx, jobId, query.restaurant_id),
    }),
  );
  finishHttpApp(app, deps.logger);
  serveLeanGets(app, SERVICE_NAME, deps, [jobsList, applicationsList, offeredFirst]);

  return {
    name: SERVICE_NAME,
    app,
    database: deps.database,
    relay,
    rules,
    async start() {
      await subscribeAll(deps.bus, subscriptions(ctx));
      relay.start();
      rules.start();
    },
    async stop() {
      await rules.stop();
      await relay.stop();
    },
  };
}
