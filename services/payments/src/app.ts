import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import {
  createHttpApp,
  createRelay,
  errorMiddleware,
  finishHttpApp,
  readiness,
  readMigrations,
  requireOperator,
  requireUser,
  servesSandboxPages,
  subscribeAll,
  type Migration,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import { platformOpsRouter } from '@brigade/kit';
import { loadPaymentsConfig, type PaymentsConfig } from './config';
import type { PaymentsContext } from './context';
import { paymentsSubscriptions } from './events/subscriptions';
import { connectRouter } from './http/connect.router';
import { opsRouter } from './http/ops.router';
import { paymentsRouter } from './http/payments.router';
import { webhooksRouter } from './http/webhooks.router';
import { createSandboxRouters } from './sandbox/emulator.router';
import { faultsUnavailable, StripeFaults } from './sandbox/faults';
import { SandboxStore } from './sandbox/store';
import { SandboxWebhookDeliverer } from './sandbox/webhook-deliverer';
import { isSandbox, StripeHolder } from './adapters/stripe';
import { MoneyTaskRunner } from './use-cases/money-tasks';

const here = path.dirname(fileURLToPath(import.meta.url));

export const SERVICE_NAME = 'payments';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(path.join(here, 'db', 'migrations'));
}

export const WEBHOOK_PATH = '/payments/webhooks/stripe';

/**
 * Composition root of the payments service. Without STRIPE_SECRET_KEY the built-in Stripe emulator is mounted
 * at `/v1` (where the SDK, pointed at this service, sends its requests) and at `/sandbox/stripe` (what the
 * gateway exposes to the browser while the sandbox is active); its webhooks come back to `/payments/webhooks/stripe`.
 */
export async function createPaymentsService(
  deps: ServiceDeps,
  config: PaymentsConfig = loadPaymentsConfig(),
): Promise<
  ServiceHandle & {
    moneyTasks: MoneyTaskRunner;
    sandbox: SandboxWebhookDeliverer | null;
    /** The money rules this instance runs with (the stuck-money report of ledger:check reads them). */
    policy: PaymentsConfig['policy'];
  }
> {
  const { database, logger } = deps;
  const relay = createRelay(SERVICE_NAME, deps);
  const stripe = new StripeHolder(config);
  // Real Stripe: the configured secret (required with STRIPE_SECRET_KEY). Sandbox: the configured one if given,
  // else a random secret made once per installation and kept with the sandbox's data.
  const webhookSecret =
    config.STRIPE_WEBHOOK_SECRET ??
    (await new SandboxStore(database).setting(
      'webhook_secret',
      () => `whsec_${randomBytes(24).toString('base64url')}`,
    ));
  let moneyTasks: MoneyTaskRunner | null = null;
  const ctx: PaymentsContext = {
    database,
    stripe,
    relay,
    logger,
    config,
    webhookSecret,
    kickMoneyTasks: () => moneyTasks?.kick(),
  };
  moneyTasks = new MoneyTaskRunner(ctx);

  const app = createHttpApp({ name: SERVICE_NAME, logger, ready: () => readiness(deps) });
  app.use(webhooksRouter(ctx));
  const auth = requireUser(deps.keys, deps.revocations);
  app.use(paymentsRouter(ctx, auth));
  app.use(connectRouter(ctx, auth));
  app.use(opsRouter(ctx, requireOperator(deps.keys, deps.revocations)));

  app.use(platformOpsRouter({ service: SERVICE_NAME, ...deps }));
  const sandbox = isSandbox(config)
    ? new SandboxWebhookDeliverer({
        database,
        secret: webhookSecret,
        retryDelaysMs: config.SANDBOX_WEBHOOK_RETRY_DELAYS_MS,
        logger,
      })
    : null;
  // Production never serves the emulator's browser endpoints nor fault injection, even on the sandbox.
  const pages = servesSandboxPages(config);
  const faults = sandbox ? new StripeFaults(database, logger) : null;
  if (sandbox && faults) {
    const routers = createSandboxRouters({
      database,
      publicUrl: config.PUBLIC_URL,
      logger,
      deliverer: sandbox,
      faults,
    });
    app.use('/v1', routers.api);
    if (pages) app.use('/sandbox/stripe', routers.browser);
  }
  // Provider outages on demand (tests, demos of the delayed-payout screens): the service's own address only,
  // never with real Stripe keys.
  if (faults && pages) app.use('/sandbox/faults/stripe', faults.router());
  else
    app.use('/sandbox/faults/stripe', () => {
      throw faultsUnavailable();
    });
  finishHttpApp(app, logger);

  // The webhook signature covers the exact bytes: keep the raw body of that one route as a Buffer. Parsed
  // here, before the service app's JSON parser (which then leaves the already-read body alone).
  const root = express();
  root.disable('x-powered-by');
  root.set('trust proxy', app.get('trust proxy'));
  root.use(WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
  root.use(app);
  // The raw parser's refusals (a body over 1 MB) come here, not to the service app's error middleware.
  root.use(errorMiddleware(logger));

  const subscriptions = paymentsSubscriptions(ctx);
  return {
    name: SERVICE_NAME,
    app: root,
    database,
    relay,
    moneyTasks,
    sandbox,
    policy: config.policy,
    async start({ url }) {
      stripe.bind(url);
      await subscribeAll(deps.bus, subscriptions);
      relay.start();
      moneyTasks!.start();
      for (const spec of config.SANDBOX_STRIPE_FAULTS) await faults?.add(spec);
      sandbox?.start(`${url.replace(/\/$/, '')}${WEBHOOK_PATH}`);
    },
    async stop() {
      await sandbox?.stop();
      await moneyTasks!.stop();
      await relay.stop();
    },
  };
}
