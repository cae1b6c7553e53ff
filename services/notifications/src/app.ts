import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createMailer,
  createRelay,
  DisabledStamps,
  finishHttpApp,
  readiness,
  readMigrations,
  requireUser,
  serveLeanGets,
  subscribeAll,
  type Migration,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import { platformOpsRouter } from '@brigade/kit';
import { smsProvider, statusCallbackUrl, type NotificationsConfig } from './config';
import type { NotificationsContext } from './context';
import { subscriptions } from './events/subscriptions';
import { preferencesRouter } from './http/preferences.router';
import { inboxGets, inboxRouter } from './http/inbox.router';
import { twilioRouter } from './http/twilio.router';
import { unsubscribeRouter } from './http/unsubscribe.router';
import { Scheduler } from './scheduler/scheduler';
import type { SmsPort } from './adapters/sms-port';
import type { MailPort } from './adapters/mail-port';
import { TwilioSms } from './adapters/twilio-sms';
import type { PushPort } from './adapters/push-port';
import { WebPush } from './adapters/web-push';
import { pushRouter } from './http/push.router';
import { timelineOf } from './queries/timeline';
import type { opsHttp } from '@brigade/contracts';

type TimelineEntry = opsHttp.TimelineEntry;

export const SERVICE_NAME = 'notifications';

export interface NotificationsDeps extends ServiceDeps {
  /** The scheduler's clock (tests move it instead of waiting). Default: the wall clock. */
  now?: () => Date;
  /** The SMS provider; default from config: Twilio, or the SMS sandbox at its address (same SDK). */
  sms?: SmsPort;
  /** Issue 40: the mail server; default from config: kit's mailer at SMTP_URL, none without it. */
  mail?: MailPort | null;
  /** Issue 40: Web Push; default: the web-push SDK's requests over fetch (PUSH_TIMEOUT_MS each). */
  push?: PushPort;
}

export interface NotificationsHandle extends ServiceHandle {
  readonly scheduler: Scheduler;
  readonly sms: SmsPort;
  /** Notifications' part of a job's timeline (the texts about it), for the ops timeline route. */
  timeline(jobId: string): Promise<TimelineEntry[]>;
}

export { timelineOf } from './queries/timeline';
export { textsForJob } from './db/sms.repository';
export { smsFallbackOf, smsRepliesReceived } from './queries/sms-fallback';

export async function loadMigrations(): Promise<Migration[]> {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

/**
 * Twilio's SDK: with the three credentials Twilio, otherwise (the config only lets that through with SMS_SANDBOX=1)
 * the SMS sandbox at TWILIO_API_BASE_URL, which keeps every text in its outbox.
 */
export function createSmsPort(config: Readonly<NotificationsConfig>): SmsPort {
  return new TwilioSms({ ...smsProvider(config), statusCallback: statusCallbackUrl(config) });
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
    stamps: deps.stamps ?? new DisabledStamps(),
    config,
    now: deps.now ?? (() => new Date()),
    // the scheduler below is made from this context; nothing commits before it exists
    kickTexts: () => scheduler.kick(),
  };
  const sms = deps.sms ?? createSmsPort(config);
  const mailer =
    deps.mail === undefined && config.SMTP_URL
      ? createMailer({ SMTP_URL: config.SMTP_URL, MAIL_FROM: config.MAIL_FROM })
      : null;
  const mail = deps.mail === undefined ? mailer : deps.mail;
  const push = deps.push ?? new WebPush(config.PUSH_TIMEOUT_MS);
  const scheduler = new Scheduler(ctx, sms, config.NOTIFICATIONS_POLL_MS, mail, push);

  const app = createHttpApp({ name: SERVICE_NAME, logger: deps.logger, ready: () => readiness(deps) });
  // Twilio's webhooks first: public (Twilio signs them), before the user token the rest of /notifications needs.
  app.use(twilioRouter(ctx));
  app.use(unsubscribeRouter(ctx, deps));
  const auth = requireUser(deps.keys, deps.revocations);
  app.use(preferencesRouter(ctx, auth));
  const gets = inboxGets(ctx);
  app.use(inboxRouter(ctx, auth, gets));
  app.use(pushRouter(ctx, auth));
  // The job timeline's texts: what notifications sent about the job, beside the events it published.
  app.use(
    platformOpsRouter({
      service: SERVICE_NAME,
      ...deps,
      extraTimeline: (jobId) => timelineOf(ctx, jobId),
      // Issue 38: a card dispute's evidence has no part from the texts sent (an empty part, so the merge holds)
      evidence: async () => [],
    }),
  );
  finishHttpApp(app, deps.logger);
  // The inbox's polls before Express (ADR 19).
  serveLeanGets(app, SERVICE_NAME, deps, gets);

  return {
    name: SERVICE_NAME,
    app,
    database: deps.database,
    relay,
    scheduler,
    sms,
    timeline: (jobId) => timelineOf(ctx, jobId),
    async start() {
      // A handler that queued a text wakes the scheduler after its commit (`textsDue`), so the text goes out now.
      await subscribeAll(deps.bus, subscriptions(ctx));
      relay.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      mailer?.close();
      await relay.stop();
    },
  };
}
