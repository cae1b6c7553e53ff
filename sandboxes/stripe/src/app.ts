import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import {
  createHttpApp,
  finishHttpApp,
  readMigrations,
  servesSandboxPages,
  type Database,
  type Logger,
  type Migration,
} from '@brigade/kit';
import { loadStripeSandboxConfig, type StripeSandboxConfig } from './config';
import { createSandboxRouters } from './emulator.router';
import { pagesUnavailable, StripeFaults } from './faults';
import { PayoutLander, payoutSwitchRouter } from './emulator-payouts';
import { SandboxStore } from './store';
import { SandboxWebhookDeliverer } from './webhook-deliverer';

export { SANDBOX_SECRET_KEY, loadStripeSandboxConfig, type StripeSandboxConfig } from './config';
export type { FaultSpec } from './faults';
export type { SandboxWebhookDeliverer } from './webhook-deliverer';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Its schema (PGlite) and the suffix of its own database (`<base>_stripe_sandbox`) in real mode. */
export const SANDBOX_NAME = 'stripe_sandbox';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(path.join(here, 'db', 'migrations'));
}

export interface StripeSandbox {
  readonly name: typeof SANDBOX_NAME;
  /** `/v1` (the SDK), `/sandbox/stripe` (the browser), `/sandbox/faults/stripe` (outages on demand), `/ready`. */
  readonly app: Express;
  readonly database: Database;
  /** The secret its webhooks are signed with: the endpoint (payments) must check this one. */
  readonly webhookSecret: string;
  readonly deliverer: SandboxWebhookDeliverer;
  readonly faults: StripeFaults;
  /** Inject the boot faults and start delivering webhooks (to `webhookUrl`, or the configured one). */
  start(options?: { webhookUrl?: string }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The Stripe sandbox: the subset of Stripe's API Brigade uses, answered as Stripe answers it, for an SDK pointed
 * at this app's address (payments' STRIPE_API_URL); Stripe's hosted pages for the browser (card confirmation,
 * Connect onboarding); its webhooks delivered signed to the endpoint it is given. Under NODE_ENV=production only
 * the SDK's `/v1` is served (a staging stack allowed on the sandbox), never the pages or the fault switch.
 */
export async function createStripeSandbox(
  deps: { database: Database; logger: Logger },
  config: StripeSandboxConfig = loadStripeSandboxConfig(),
): Promise<StripeSandbox> {
  const { database, logger } = deps;
  const webhookSecret =
    config.STRIPE_WEBHOOK_SECRET ??
    (await new SandboxStore(database).setting(
      'webhook_secret',
      () => `whsec_${randomBytes(24).toString('base64url')}`,
    ));
  const deliverer = new SandboxWebhookDeliverer({
    database,
    secret: webhookSecret,
    retryDelaysMs: config.SANDBOX_WEBHOOK_RETRY_DELAYS_MS,
    logger,
  });
  const faults = new StripeFaults(database, logger);
  const routers = createSandboxRouters({
    database,
    publicUrl: config.PUBLIC_URL,
    logger,
    deliverer,
    faults,
  });

  const app = createHttpApp({ name: 'stripe-sandbox', logger, ready: () => database.ping() });
  app.use('/v1', routers.api);
  if (servesSandboxPages(config)) {
    app.use('/sandbox/stripe', routers.browser);
    app.use('/sandbox/faults/stripe', faults.router());
    app.use('/sandbox/payouts/stripe', payoutSwitchRouter(database, routers.payouts));
    app.use('/sandbox/disputes/stripe', routers.disputesTest);
  } else
    app.use('/sandbox', () => {
      throw pagesUnavailable();
    });
  finishHttpApp(app, logger);
  const payoutLander = new PayoutLander({ database, payouts: routers.payouts, deliverer, logger });

  return {
    name: SANDBOX_NAME,
    app,
    database,
    webhookSecret,
    deliverer,
    faults,
    async start(options = {}) {
      for (const spec of config.SANDBOX_STRIPE_FAULTS) await faults.add(spec);
      deliverer.start(options.webhookUrl ?? config.STRIPE_SANDBOX_WEBHOOK_URL);
      payoutLander.start();
    },
    stop: async () => {
      await payoutLander.stop();
      await deliverer.stop();
    },
  };
}
