import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import {
  AppError,
  createHttpApp,
  createRelay,
  errorMiddleware,
  finishHttpApp,
  readiness,
  readMigrations,
  requireOperator,
  requireUser,
  subscribeAll,
  type Migration,
  type ServiceDeps,
  type ServiceHandle,
} from '@brigade/kit';
import { platformOpsRouter, wallClock, type Now } from '@brigade/kit';
import { loadPaymentsConfig, requireProviderAddress, type PaymentsConfig } from './config';
import type { PaymentsContext } from './context';
import { paymentsSubscriptions } from './events/subscriptions';
import { cardDisputesRouter } from './http/card-disputes.router';
import { connectRouter } from './http/connect.router';
import { opsRouter } from './http/ops.router';
import { receiptEvidence } from './queries/receipt-evidence';
import { paymentsRouter } from './http/payments.router';
import { payoutsRouter } from './http/payouts.router';
import { InstantPayoutSweep } from './scheduler/instant-payout-sweep';
import { webhooksRouter } from './http/webhooks.router';
import { StripeHolder } from './adapters/stripe';
import { MoneyTaskRunner } from './scheduler/money-task-runner';
import { CardBackfill } from './scheduler/card-backfill';
import { StatementSender } from './scheduler/statement-sender';
import { registerPaymentsMetrics } from './metrics';

const here = path.dirname(fileURLToPath(import.meta.url));

export const SERVICE_NAME = 'payments';

export function loadMigrations(): Promise<Migration[]> {
  return readMigrations(path.join(here, 'db', 'migrations'));
}

export const WEBHOOK_PATH = '/payments/webhooks/stripe';

/**
 * Composition root of the payments service. The Stripe SDK talks to Stripe, or without STRIPE_SECRET_KEY to the
 * Stripe sandbox at STRIPE_API_URL (`sandboxes/stripe`, its own process or the embedded runner's); either sends
 * its webhooks to `/payments/webhooks/stripe`, signed with STRIPE_WEBHOOK_SECRET.
 */
export async function createPaymentsService(
  deps: ServiceDeps,
  config: PaymentsConfig = loadPaymentsConfig(),
  /** The clock of the money rules (ADR 41: the suites move it past a shift's end or a rule's window). */
  options: { now?: Now } = {},
): Promise<
  ServiceHandle & {
    moneyTasks: MoneyTaskRunner;
    /** Names the card of charges recorded without one (receipts of shifts charged before migration 0009). */
    cardBackfill: CardBackfill;
    /** Issue 38: drives instant payouts a crash or an outage left, and returns failed payouts' fees. */
    payoutSweep: InstantPayoutSweep;
    /** Issue 38: tells restaurants on STATEMENT_DAY that last week's statement is ready (once per week). */
    statementSender: StatementSender;
    /** Refunds in full the no-shows whose contest window passed uncontested (issue 34). */
    /** The money rules this instance runs with (the stuck-money report of ledger:check reads them). */
    policy: PaymentsConfig['policy'];
  }
> {
  const { database, logger } = deps;
  const relay = createRelay(SERVICE_NAME, deps);
  requireProviderAddress(config);
  const stripe = new StripeHolder(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET!;
  let moneyTasks: MoneyTaskRunner | null = null;
  let cardBackfill: CardBackfill | null = null;
  const ctx: PaymentsContext = {
    database,
    now: options.now ?? wallClock,
    stripe,
    relay,
    logger,
    config,
    webhookSecret,
    kickMoneyTasks: () => moneyTasks?.kick(),
    kickCardBackfill: () => cardBackfill?.kick(),
  };
  moneyTasks = new MoneyTaskRunner(ctx);
  cardBackfill = new CardBackfill(ctx);
  const payoutSweep = new InstantPayoutSweep(ctx);
  const statementSender = new StatementSender(ctx);
  registerPaymentsMetrics(ctx);

  const app = createHttpApp({ name: SERVICE_NAME, logger, ready: () => readiness(deps) });
  app.use(webhooksRouter(ctx));
  const auth = requireUser(deps.keys, deps.revocations);
  app.use(paymentsRouter(ctx, auth));
  app.use(connectRouter(ctx, auth));
  app.use(payoutsRouter(ctx, auth));
  app.use(opsRouter(ctx, requireOperator(deps.keys, deps.revocations)));
  // Issue 38: card disputes (the console's queue and answers, the restaurant's settling).
  app.use(cardDisputesRouter(ctx, auth, requireOperator(deps.keys, deps.revocations)));

  // Issue 38: payments' part of a job's card dispute evidence is its receipt and ledger.
  app.use(
    platformOpsRouter({
      service: SERVICE_NAME,
      ...deps,
      evidence: (jobId) => receiptEvidence(ctx, jobId),
    }),
  );
  // The Stripe sandbox's pages and fault switch are the sandbox's own (sandboxes/stripe, at its own address):
  // never served here, whatever the keys.
  app.use('/sandbox', () => {
    throw new AppError(
      404,
      'PAYMENTS.SANDBOX_ONLY',
      'The Stripe sandbox (its pages and fault switch) answers at its own address, not at payments',
    );
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
    cardBackfill,
    payoutSweep,
    statementSender,
    policy: config.policy,
    async start() {
      await subscribeAll(deps.bus, subscriptions);
      relay.start();
      moneyTasks!.start();
      cardBackfill!.start();
      payoutSweep.start();
      statementSender.start();
    },
    async stop() {
      await statementSender.stop();
      await payoutSweep.stop();
      await cardBackfill!.stop();
      await moneyTasks!.stop();
      await relay.stop();
    },
  };
}
