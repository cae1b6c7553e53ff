import express, { type Request } from 'express';
import type { Database, Logger } from '@brigade/kit';
import { SANDBOX_SECRET_KEY } from './config';
import { StripeEmulator } from './emulator';
import { StripeApiError } from './emulator-params';
import type { RequestInfo } from './emulator-params';
import { idempotentRoutes, type Handler } from './idempotent-routes';
import { TEST_PAYMENT_METHODS } from './cards';
import { stripeId } from './ids';
import { PayoutsEmulator, registerPayoutRoutes } from './emulator-payouts';
import { onboardingPage } from './onboarding-page';
import { SandboxStore, type StripeObject } from './store';
import { DisputesEmulator, disputeApiRoutes, disputeTestRouter } from './emulator-disputes';
import type { StripeFaults } from './faults';
import type { SandboxWebhookDeliverer } from './webhook-deliverer';

/**
 * The Stripe emulator over HTTP. `api` is what the SDK reaches at `/v1` (secret key required), `browser` is
 * what Stripe.js-like code reaches on the public origin at `/sandbox/stripe` (only confirming and reading a
 * PaymentIntent with its client secret, and the hosted onboarding page).
 */
export function createSandboxRouters(options: {
  database: Database;
  publicUrl: string;
  logger: Logger;
  deliverer: SandboxWebhookDeliverer;
  /** Injected provider outages (see faults.ts); applied to the SDK's `/v1` calls after the key check. */
  faults?: StripeFaults;
}) {
  const { database, deliverer } = options;
  const store = new SandboxStore(database);
  const emulator = new StripeEmulator(store, options.publicUrl);
  const form = express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 1000 });

  const route = idempotentRoutes(options);

  // ---------- the API the SDK calls (secret key) ----------
  const api = express.Router();
  api.use(form);
  api.use((req, res, next) => {
    const auth = req.get('authorization') ?? '';
    const keyUsed = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    if (keyUsed !== SANDBOX_SECRET_KEY) {
      res.status(401).json({
        error: {
          type: 'invalid_request_error',
          message: keyUsed
            ? `Invalid API Key provided: ${keyUsed.slice(0, 8)}****`
            : 'You did not provide an API key.',
        },
      });
      return;
    }
    next();
  });
  if (options.faults) api.use(options.faults.middleware());
  // Issue 38 (instant payout): connected accounts' balances, debit cards, payouts, account debits.
  const payouts = new PayoutsEmulator(store);
  registerPayoutRoutes(api, route, payouts, store);
  api.post(
    '/accounts',
    route((tx, req, info) => emulator.createAccount(tx, req.body ?? {}, info)),
  );
  api.get(
    '/accounts/:id',
    route((tx, req) => emulator.getAccount(tx, String(req.params.id))),
  );
  api.post(
    '/account_links',
    route((tx, req) => emulator.createAccountLink(tx, req.body ?? {})),
  );
  api.post(
    '/payment_intents',
    route((tx, req, info) => emulator.createPaymentIntent(tx, req.body ?? {}, info)),
  );
  api.get(
    '/payment_intents/:id',
    route(async (tx, req) =>
      emulator.expandPaymentIntent(
        tx,
        await emulator.getPaymentIntent(tx, String(req.params.id)),
        expandOf(req),
      ),
    ),
  );
  api.post(
    '/payment_intents/:id',
    route((tx, req) => emulator.updatePaymentIntent(tx, String(req.params.id), req.body ?? {})),
  );
  api.post(
    '/payment_intents/:id/confirm',
    route(async (tx, req, info) => {
      const result = await emulator.confirmPaymentIntent(tx, String(req.params.id), req.body ?? {}, info);
      if (result.status !== 200) return result;
      return {
        status: 200,
        body: await emulator.expandPaymentIntent(tx, result.body as StripeObject, expandOf(req)),
      };
    }),
  );
  api.post(
    '/payment_intents/:id/cancel',
    route((tx, req, info) => emulator.cancelPaymentIntent(tx, String(req.params.id), req.body ?? {}, info)),
  );
  api.post(
    '/customers',
    route((tx, req, info) => emulator.createCustomer(tx, req.body ?? {}, info)),
  );
  api.get(
    '/customers/:id',
    route((tx, req) => emulator.getCustomer(tx, String(req.params.id))),
  );
  api.get(
    '/customers/:id/payment_methods',
    route((tx, req) =>
      emulator.customerPaymentMethods(
        tx,
        String(req.params.id),
        q(req, 'type'),
        `/v1/customers/${String(req.params.id)}/payment_methods`,
        limit(req),
      ),
    ),
  );
  api.get(
    '/payment_methods/:id',
    route((tx, req) => emulator.getPaymentMethod(tx, String(req.params.id))),
  );
  api.post(
    '/payment_methods/:id/detach',
    route((tx, req, info) => emulator.detachPaymentMethod(tx, String(req.params.id), info)),
  );
  api.post(
    '/setup_intents',
    route((tx, req, info) => emulator.createSetupIntent(tx, req.body ?? {}, info)),
  );
  api.get(
    '/setup_intents/:id',
    route((tx, req) => emulator.getSetupIntent(tx, String(req.params.id))),
  );
  api.post(
    '/setup_intents/:id/confirm',
    route((tx, req, info) => emulator.confirmSetupIntent(tx, String(req.params.id), req.body ?? {}, info)),
  );
  api.post(
    '/setup_intents/:id/cancel',
    route((tx, req, info) => emulator.cancelSetupIntent(tx, String(req.params.id), req.body ?? {}, info)),
  );
  api.post(
    '/transfers',
    route((tx, req, info) => emulator.createTransfer(tx, req.body ?? {}, info)),
  );
  api.get(
    '/transfers',
    route((tx, req) =>
      emulator.list(
        tx,
        'transfer',
        { transfer_group: q(req, 'transfer_group'), destination: q(req, 'destination') },
        '/v1/transfers',
        limit(req),
      ),
    ),
  );
  api.get(
    '/transfers/:id',
    route((tx, req) => emulator.getTransfer(tx, String(req.params.id))),
  );
  api.post(
    '/refunds',
    route((tx, req, info) => emulator.createRefund(tx, req.body ?? {}, info)),
  );
  api.get(
    '/refunds',
    route((tx, req) =>
      emulator.list(
        tx,
        'refund',
        { payment_intent: q(req, 'payment_intent'), charge: q(req, 'charge') },
        '/v1/refunds',
        limit(req),
      ),
    ),
  );
  api.get(
    '/refunds/:id',
    route((tx, req) => emulator.getRefund(tx, String(req.params.id))),
  );
  api.get(
    '/payment_intents',
    route((tx, req) =>
      emulator.list(
        tx,
        'payment_intent',
        { customer: q(req, 'customer') },
        '/v1/payment_intents',
        limit(req),
      ),
    ),
  );
  api.get(
    '/charges',
    route((tx, req) =>
      emulator.list(tx, 'charge', { payment_intent: q(req, 'payment_intent') }, '/v1/charges', limit(req)),
    ),
  );
  api.get(
    '/balance',
    route((tx) => emulator.balance(tx)),
  );
  // Issue 38: card disputes (emulator-disputes.ts).
  const disputes = new DisputesEmulator(store);
  disputeApiRoutes(api, route, disputes);
  api.use((req, res) => {
    res.status(404).json({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: /v1${req.path}). The Brigade Stripe sandbox implements only the calls Brigade makes.`,
      },
    });
  });

  // ---------- what the browser reaches on the public origin ----------
  const browser = express.Router();
  browser.use(form);
  const withClientSecret =
    (handler: Handler): Handler =>
    async (tx, req, info) => {
      const id = String(req.params.id);
      const pi = await emulator.getPaymentIntent(tx, id);
      const secret = (req.method === 'GET' ? req.query.client_secret : req.body?.client_secret) as unknown;
      if (typeof secret !== 'string' || secret !== pi.client_secret) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_invalid_parameter',
          param: 'client_secret',
          message:
            'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        });
      }
      return handler(tx, req, info);
    };
  browser.get(
    '/v1/payment_intents/:id',
    route(withClientSecret((tx, req) => emulator.getPaymentIntent(tx, String(req.params.id)))),
  );
  browser.post(
    '/v1/payment_intents/:id/confirm',
    route(
      withClientSecret(async (tx, req, info) => {
        const { client_secret: _secret, ...params } = req.body ?? {};
        const result = await emulator.confirmPaymentIntent(tx, String(req.params.id), params, info);
        return result;
      }),
    ),
  );

  // Stripe.js's confirmCardSetup: the SetupIntent's client secret, the card fields, nothing else.
  const withSetupSecret =
    (handler: Handler): Handler =>
    async (tx, req, info) => {
      const si = await emulator.getSetupIntent(tx, String(req.params.id));
      const secret = (req.method === 'GET' ? req.query.client_secret : req.body?.client_secret) as unknown;
      if (typeof secret !== 'string' || secret !== si.client_secret) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'setup_intent_invalid_parameter',
          param: 'client_secret',
          message:
            'The client_secret provided does not match the client_secret associated with the SetupIntent.',
        });
      }
      return handler(tx, req, info);
    };
  browser.get(
    '/v1/setup_intents/:id',
    route(withSetupSecret((tx, req) => emulator.getSetupIntent(tx, String(req.params.id)))),
  );
  browser.post(
    '/v1/setup_intents/:id/confirm',
    route(
      withSetupSecret(async (tx, req, info) => {
        const { client_secret: _secret, ...params } = req.body ?? {};
        // The browser confirms with card fields or a test PaymentMethod id, never someone's saved card.
        const { payment_method: pm, ...card } = params;
        const testPm = typeof pm === 'string' && pm in TEST_PAYMENT_METHODS ? { payment_method: pm } : {};
        return emulator.confirmSetupIntent(tx, String(req.params.id), { ...card, ...testPm }, info);
      }),
    ),
  );

  browser.get('/connect/onboarding/:accountId', async (req, res) => {
    const accountId = String(req.params.accountId);
    const token = typeof req.query.link === 'string' ? req.query.link : '';
    const view = await database.transaction(async (tx) => {
      const link = token ? await emulator.accountLink(tx, token) : null;
      const account = await emulator.getAccount(tx, accountId).catch(() => null);
      return { link, account };
    });
    if (!view.account || !view.link || view.link.account !== accountId) {
      res
        .status(404)
        .type('html')
        .send(onboardingPage({ state: 'invalid' }));
      return;
    }
    if (view.link.used || view.link.expires_at < Math.floor(Date.now() / 1000)) {
      res.redirect(303, view.link.refresh_url);
      return;
    }
    res.type('html').send(onboardingPage({ state: 'form', account: view.account, action: req.originalUrl }));
  });

  browser.post('/connect/onboarding/:accountId', async (req, res) => {
    const accountId = String(req.params.accountId);
    const token = typeof req.query.link === 'string' ? req.query.link : '';
    const info: RequestInfo = { id: `req_${stripeId('x').slice(4, 18)}`, idempotency_key: null };
    const redirect = await database.transaction(async (tx) => {
      const link = token ? await emulator.accountLink(tx, token) : null;
      if (!link || link.account !== accountId) return null;
      if (link.used || link.expires_at < Math.floor(Date.now() / 1000)) return link.refresh_url as string;
      await emulator.completeOnboarding(tx, accountId, info);
      await emulator.useAccountLink(tx, link);
      return link.return_url as string;
    });
    deliverer.kick();
    if (!redirect) {
      res
        .status(404)
        .type('html')
        .send(onboardingPage({ state: 'invalid' }));
      return;
    }
    res.redirect(303, redirect);
  });

  return { api, browser, emulator, store, payouts, disputesTest: disputeTestRouter(route, disputes) };
}

/** The `expand[]` fields of a request: the form body's (POST), or the query string's (GET, `expand[0]=...`). */
function expandOf(req: Request): string[] {
  const fields: unknown[] = [];
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (body.expand !== undefined) fields.push(...[body.expand].flat());
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (key === 'expand' || /^expand\[\d*\]$/.test(key)) fields.push(...[value].flat());
  }
  return fields.filter((f): f is string => typeof f === 'string');
}

function q(req: Request, name: string): string | undefined {
  const v = req.query[name];
  return typeof v === 'string' && v ? v : undefined;
}

function limit(req: Request): number {
  const n = Number(req.query.limit);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 10;
}
