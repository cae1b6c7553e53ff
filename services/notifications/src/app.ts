import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createRelay,
  finishHttpApp,
  readiness,
  readMigrations,
  requireUser,
  servesSandboxPages,
  subscribeAll,
  type Migration,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import { platformOpsRouter } from '@brigade/kit';
import type { NotificationsConfig } from './config';
import type { NotificationsContext } from './context';
import { subscriptions } from './events/subscriptions';
import { devSmsRouter } from './http/dev-sms.router';
import { preferencesRouter } from './http/preferences.router';
import { Scheduler } from './scheduler/scheduler';
import { SandboxSms } from './adapters/sandbox-sms';
import type { SmsPort } from './adapters/sms-port';
import { TwilioSms } from './adapters/twilio-sms';
import { timelineOf } from './use-cases/timeline';
import type { opsHttp } from '@brigade/contracts';

type TimelineEntry = opsHttp.TimelineEntry;

export const SERVICE_NAME = 'notifications';

export interface NotificationsDeps extends ServiceDeps {
  /** The scheduler's clock (tests move it instead of waiting). Default: the wall clock. */
  now?: () => Date;
  /** The SMS provider; default from config: Twilio with credentials, else the sandbox. */
  sms?: SmsPort;
}

export interface NotificationsHandle extends ServiceHandle {
  readonly scheduler: Scheduler;
  readonly sms: SmsPort;
  /** Notifications' part of a job's timeline (the texts about it), for the ops timeline route. */
  timeline(jobId: string): Promise<TimelineEntry[]>;
}

export { timelineOf } from './use-cases/timeline';
export { textsForJob } from './db/sms.repository';

export async function loadMigrations(): Promise<Migration[]> {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

/**
 * Twilio when all three credentials are set, otherwise the sandbox (texts recorded, shown at /dev/sms outside
 * production); the config only lets the sandbox through when SMS_SANDBOX=1 asked for it.
 */
export function createSmsPort(config: Readonly<NotificationsConfig>): SmsPort {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER) {
    return new TwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM_NUMBER,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
      timeoutMs: config.TWILIO_TIMEOUT_MS,
    });
  }
  return new SandboxSms();
}

/** Composition root: read model + preferences + reminders + SMS outbox, the HTTP routes, the scheduler. */
export async function createNotificationsService(
  deps: NotificationsDeps,
  config: Readonly<NotificationsConfig>,
): Promise<NotificationsHandle> {
  const relay = createRelay(SERVICE_NAME, deps);
  const ctx: NotificationsContext = {
    database: deps.database,
    relay,
    logger: deps.logger,
    config,
    now: deps.now ?? (() => new Date()),
  };
  const sms = deps.sms ?? createSmsPort(config);
  const scheduler = new Scheduler(ctx, sms, config.NOTIFICATIONS_POLL_MS);

  const app = createHttpApp({ name: SERVICE_NAME, logger: deps.logger, ready: () => readiness(deps) });
  app.use(preferencesRouter(ctx, requireUser(deps.keys, deps.revocations)));
  // The job timeline's texts: what notifications sent about the job, beside the events it published.
  app.use(
    platformOpsRouter({ service: SERVICE_NAME, ...deps, extraTimeline: (jobId) => timelineOf(ctx, jobId) }),
  );
  // Every text to anyone who asks: never in production (the config refused a silent sandbox).
  if (sms.provider === 'sandbox' && servesSandboxPages(config)) app.use(devSmsRouter(ctx));
  finishHttpApp(app, deps.logger);

  return {
    name: SERVICE_NAME,
    app,
    database: deps.database,
    relay,
    scheduler,
    sms,
    timeline: (jobId) => timelineOf(ctx, jobId),
    async start() {
      // After a handler's transaction commits, wake the scheduler so its text goes out now, not at the next poll.
      const subs = subscriptions(ctx).map((s) => ({
        ...s,
        handler: async (event: Parameters<typeof s.handler>[0]) => {
          await s.handler(event);
          scheduler.kick();
        },
      }));
      await subscribeAll(deps.bus, subs);
      relay.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await relay.stop();
    },
  };
}
