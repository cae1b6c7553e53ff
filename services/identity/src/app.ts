import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createRelay,
  finishHttpApp,
  MemoryRevocations,
  readiness,
  readMigrations,
  serveLeanGets,
  subscribeAll,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import { platformOpsRouter } from '@brigade/kit';
import { verifyProvider, type IdentityConfig } from './config';
import type { IdentityContext } from './context';
import { loadKeyRing } from './keys';
import { TwilioVerifier, type PhoneVerifier } from './adapters/verify';
import { ChefSearchAnswers } from './queries/chef-search-answers';
import { AfterAnswer } from './after-answer';
import { authRouter } from './http/auth.router';
import { chefSearchGet, profilesRouter } from './http/profiles.router';
import { agreementsRouter } from './http/agreements.router';
import { uploadsRouter } from './http/uploads.router';
import { opsRouter } from './http/ops.router';
import { saveOperator } from './use-cases/save-operator';
import { announceRecentlyEnded } from './use-cases/revoke-sessions';
import { subscriptions } from './events/subscriptions';

export const SERVICE_NAME = 'identity';

export function loadMigrations() {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

export interface IdentityService extends ServiceHandle {
  readonly context: IdentityContext;
}

/** Composition root of the identity service: users, sessions, phone verification, profiles, agreements. */
export async function createIdentityService(
  deps: Omit<ServiceDeps, 'keys'>,
  config: IdentityConfig,
): Promise<IdentityService> {
  const { database, bus, logger } = deps;
  const relay = createRelay(SERVICE_NAME, deps);
  const keyRing = await loadKeyRing(database);
  // Twilio Verify, or without keys (SMS_SANDBOX=1) the SMS sandbox reached through the same SDK at its address.
  const verifier: PhoneVerifier = new TwilioVerifier(verifyProvider(config), logger);
  // Without shared revocations (a component test), identity still refuses the sessions it ended.
  const revocations = deps.revocations ?? new MemoryRevocations();
  const chefSearchAnswers =
    config.CHEF_SEARCH_ANSWERS > 0 ? new ChefSearchAnswers(config.CHEF_SEARCH_ANSWERS) : null;
  const context: IdentityContext = {
    database,
    relay,
    keyRing,
    config,
    verifier,
    logger,
    revocations,
    chefSearchAnswers,
    afterAnswer: new AfterAnswer(logger),
  };
  // The operator of OPERATOR_EMAIL / OPERATOR_PASSWORD: created, or its password updated, before any sign-in.
  if (config.OPERATOR_EMAIL && config.OPERATOR_PASSWORD) {
    const operator = await saveOperator(context, {
      email: config.OPERATOR_EMAIL,
      password: config.OPERATOR_PASSWORD,
    });
    logger.info(
      { operator: operator.email, outcome: operator.outcome },
      operator.outcome === 'removed'
        ? 'the operator of OPERATOR_EMAIL was removed by an admin: left removed'
        : 'operator account from OPERATOR_EMAIL',
    );
  }
  // Sessions that ended shortly before this start (a password change, a suspension, a removal) are refused
  // again at once: the embedded default's ended sessions lived in the previous process's memory (ADR 24).
  const reannounced = await announceRecentlyEnded(context).catch(() => 0);
  if (reannounced > 0) logger.info({ sessions: reannounced }, 'recently ended sessions announced again');

  const app = createHttpApp({ name: SERVICE_NAME, logger, ready: () => readiness(deps) });
  app.use(authRouter(context));
  const chefSearch = chefSearchGet(context);
  app.use(profilesRouter(context, chefSearch));
  app.use(agreementsRouter(context));
  app.use(opsRouter(context));
  app.use(uploadsRouter(context));
  app.use(platformOpsRouter({ service: SERVICE_NAME, database, bus, keys: keyRing.keys, revocations }));
  finishHttpApp(app, logger);
  // The chef search before Express (ADR 19): the same token check (identity's own keys, the same revocations).
  serveLeanGets(app, SERVICE_NAME, { ...deps, keys: keyRing.keys, revocations }, [chefSearch]);

  return {
    name: SERVICE_NAME,
    app,
    database,
    relay,
    context,
    async start() {
      await subscribeAll(bus, subscriptions(context));
      relay.start();
    },
    async stop() {
      await context.afterAnswer.settled();
      await relay.stop();
    },
  };
}
