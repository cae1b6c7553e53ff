import { fileURLToPath } from 'node:url';
import type { messagingHttp } from '@brigade/contracts';
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
import { subscriptions } from './events/subscriptions';
import { opsRouter } from './http/ops.router';
import { evidenceOfJob } from './queries/evidence';
import { messagesGets, messagesRouter } from './http/messages.router';
import { translationRouter, translationStatus } from './http/translation.router';
import { createTranslator, type TranslatorSettings } from './adapters/translator';
import { translationLanes } from './adapters/translation-lanes';
import type { MessagingContext } from './context';
import { RetryPolicy } from './domain/retry-policy';
import { translationRetryLoop } from './scheduler/translation-retries';

export const SERVICE_NAME = 'messaging';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

/** The running service, and which translator it picked at start (the start banner prints it). */
export interface MessagingHandle extends ServiceHandle {
  readonly translation: messagingHttp.TranslationStatusResponse & { via: string };
}

/** How translations that failed are retried (defaults as in config.ts, for callers that pass fewer settings). */
export interface RetrySettings {
  TRANSLATE_RETRY_DELAYS_MS?: number[];
  TRANSLATE_RETRY_POLL_MS?: number;
}

/**
 * Composition root: database, translator, use cases behind the router, the subscription table, the relay, the
 * retry loop of translations that failed.
 */
export async function createMessagingService(
  deps: ServiceDeps,
  config: TranslatorSettings & RetrySettings,
): Promise<MessagingHandle> {
  const { database, bus, logger, keys } = deps;
  const stamps = deps.stamps ?? new DisabledStamps();
  const relay = createRelay(SERVICE_NAME, deps);
  const translator = await createTranslator(config, logger);
  // One engine, two lanes: statements and other texts give way to the chat (issue 33).
  const lanes = translationLanes(translator);
  const context: MessagingContext = {
    database,
    relay,
    translator: lanes.live,
    backgroundTranslator: lanes.background,
    logger,
    stamps,
    retries: new RetryPolicy(config.TRANSLATE_RETRY_DELAYS_MS ?? [5000, 30_000, 120_000, 600_000]),
    // a translation may take its time-out twice (the glossary's plain retry), with room to spare
    retryLeaseMs: Math.max(60_000, 3 * config.TRANSLATE_TIMEOUT_MS),
  };
  const retryLoop = translationRetryLoop(context, config.TRANSLATE_RETRY_POLL_MS ?? 5000);

  const app = createHttpApp({ name: SERVICE_NAME, logger, ready: () => readiness(deps) });
  const auth = requireUser(keys, deps.revocations);
  // Which translator is active: members and operators alike (the console shows statements' translations).
  app.use(translationRouter(context, requireUser(keys, deps.revocations, 'all')));
  const gets = messagesGets(context);
  app.use(messagesRouter(context, auth, gets));
  app.use(opsRouter(database, requireOperator(keys, deps.revocations)));
  app.use(
    platformOpsRouter({
      service: SERVICE_NAME,
      ...deps,
      // Issue 38: the job's conversations, for a card dispute's evidence
      evidence: (jobId) => evidenceOfJob(database, jobId),
    }),
  );
  finishHttpApp(app, logger);
  serveLeanGets(app, SERVICE_NAME, deps, gets);

  return {
    name: SERVICE_NAME,
    app,
    translation: { ...translationStatus(translator), via: translator.via },
    database,
    relay,
    async start() {
      await subscribeAll(bus, subscriptions(context));
      relay.start();
      retryLoop.start();
    },
    async stop() {
      await retryLoop.stop();
      await relay.stop();
      await translator.close?.(); // the local command's pipelines end with the service
    },
  };
}
