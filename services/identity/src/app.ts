import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createMailer,
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
import { fileStoreSettings, verifyProvider, type IdentityConfig } from './config';
import type { IdentityContext } from './context';
import { loadKeyRing } from './keys';
import { TwilioVerifier, type PhoneVerifier } from './adapters/verify';
import { ChefSearchAnswers } from './queries/chef-search-answers';
import { AfterAnswer } from './after-answer';
import { authRouter } from './http/auth.router';
import { chefSearchGet, profilesRouter } from './http/profiles.router';
import { agreementsRouter } from './http/agreements.router';
import { evidenceOfRestaurant } from './queries/evidence';
import { uploadsRouter } from './http/uploads.router';
import { opsRouter } from './http/ops.router';
import { saveOperator } from './use-cases/save-operator';
import { announceRecentlyEnded } from './use-cases/revoke-sessions';
import { republishChefProfiles } from './use-cases/republish-chef-profiles';
import { subscriptions } from './events/subscriptions';
import type { FileStore } from './adapters/file-store';
import { DiskFileStore } from './adapters/disk-file-store';
import { fileUrlKey, signFileToken } from './domain/file-tokens';
import { credentialsRouter } from './http/credentials.router';
import { CredentialsLoop } from './scheduler/credentials-loop';
import { EmailLoop } from './scheduler/email-loop';
import { emailTokenKey } from './domain/email-verification';

export const SERVICE_NAME = 'identity';

export function loadMigrations() {
  return readMigrations(fileURLToPath(new URL('./db/migrations', import.meta.url)));
}

export interface IdentityService extends ServiceHandle {
  readonly context: IdentityContext;
  /** Issue 39: the expiring-credentials sweep; tests run passes by hand. */
  readonly credentials: CredentialsLoop;
  /** Issue 40: the verification mails' loop. */
  readonly email: EmailLoop;
}

export interface IdentityServiceOptions {
  /** The clock (tests move it to a credential's expiry day). */
  now?: () => Date;
}

/** Issue 39: the file store the configuration names: an S3-compatible bucket, or disk under the data folder. */
async function openFileStore(config: IdentityConfig, key: Buffer): Promise<FileStore> {
  const settings = fileStoreSettings(config);
  // the AWS SDK (about 30 MB) loads only where a bucket is named
  if (settings.kind === 's3') return new (await import('./adapters/s3-file-store')).S3FileStore(settings);
  return new DiskFileStore(settings.dir, (id, endsAt) => signFileToken(key, id, endsAt));
}

/** Composition root of the identity service: users, sessions, phone verification, profiles, agreements. */
export async function createIdentityService(
  deps: Omit<ServiceDeps, 'keys'>,
  config: IdentityConfig,
  options: IdentityServiceOptions = {},
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
  const urlKey = fileUrlKey(keyRing.sharedSecret);
  const files = await openFileStore(config, urlKey);
  // Issue 40: mail through SMTP_URL (the mail sandbox's in the embedded default); without it links wait unsent.
  const mailer = config.SMTP_URL
    ? createMailer({ SMTP_URL: config.SMTP_URL, MAIL_FROM: config.MAIL_FROM })
    : null;
  if (!mailer)
    logger.warn('SMTP_URL is not set: email verification links are kept but not mailed until it is');
  let emailLoop: EmailLoop | null = null;
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
    now: options.now ?? (() => new Date()),
    files,
    fileUrlKey: urlKey,
    mailer,
    emailTokenKey: emailTokenKey(keyRing.sharedSecret),
    kickEmail: () => emailLoop?.kick(),
  };
  const credentials = new CredentialsLoop(context, config.CREDENTIAL_SWEEP_POLL_MS);
  const email = new EmailLoop(context, config.EMAIL_POLL_MS);
  emailLoop = email;
  logger.info(
    { store: files.kind, ...(files.kind === 'disk' ? { dir: fileStoreSettings(config).dir } : {}) },
    "credentials' files",
  );
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

  // Issue 37: existing chefs' availability reaches jobs once (a backfill claimed by one instance).
  const republished = await republishChefProfiles(context);
  if (republished > 0) logger.info({ chefs: republished }, 'chef profiles published again (availability)');

  const app = createHttpApp({ name: SERVICE_NAME, logger, ready: () => readiness(deps) });
  app.use(authRouter(context));
  const chefSearch = chefSearchGet(context);
  app.use(profilesRouter(context, chefSearch));
  app.use(agreementsRouter(context));
  app.use(opsRouter(context));
  app.use(uploadsRouter(context));
  app.use(credentialsRouter(context));
  app.use(
    platformOpsRouter({
      service: SERVICE_NAME,
      database,
      bus,
      keys: keyRing.keys,
      revocations,
      // Issue 38: the restaurant's ToS acceptance and the cancellation policy, for a card dispute's evidence
      evidence: (_jobId, query) => evidenceOfRestaurant(context, query.restaurant_id),
    }),
  );
  finishHttpApp(app, logger);
  // The chef search before Express (ADR 19): the same token check (identity's own keys, the same revocations).
  serveLeanGets(app, SERVICE_NAME, { ...deps, keys: keyRing.keys, revocations }, [chefSearch]);

  return {
    name: SERVICE_NAME,
    app,
    database,
    relay,
    context,
    credentials,
    email,
    async start() {
      await subscribeAll(bus, subscriptions(context));
      relay.start();
      credentials.start();
      email.start();
    },
    async stop() {
      await credentials.stop();
      await email.stop();
      mailer?.close();
      await context.afterAnswer.settled();
      await relay.stop();
      files.close?.();
    },
  };
}
