import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { parseBody, sql, WorkLoop, type Database, type Executor, type Logger } from '@brigade/kit';
import { nowSeconds, stripeId } from './ids';
import type { SandboxStore, StripeObject } from './store';
import { int, invalid, metadata, missing, publicView, str, StripeApiError } from './emulator-params';
import type { Params, RequestInfo } from './emulator-params';
import type { Handler } from './idempotent-routes';
import type { SandboxWebhookDeliverer } from './webhook-deliverer';

// Issue 38 (instant payout): connected accounts' balances, their external debit cards, payouts on a connected
// account (`Stripe-Account`), and account debits (a charge whose `source` is a connected account: Stripe's way
// for a platform to collect a fee from an Express/Custom account's balance). Kept in its own file: the other
// resources know nothing of it but the onboarding's test debit card.

/** Stripe's test Visa debit card that supports instant payouts (4000056655665556). */
export const TEST_DEBIT_CARD = { brand: 'Visa', last4: '5556', funding: 'debit' } as const;

/** How long an instant payout stays `pending` before the sandbox lands it (Stripe test mode: moments). */
export const PAYOUT_ARRIVAL_MS = 400;

/** The test debit card hosted onboarding adds to every Express account, as Stripe's test mode does. */
export function testDebitCard(accountId: string): StripeObject {
  return {
    id: stripeId('card'),
    object: 'card',
    account: accountId,
    available_payout_methods: ['standard', 'instant'],
    brand: TEST_DEBIT_CARD.brand,
    country: 'US',
    currency: 'usd',
    default_for_currency: true,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    fingerprint: `fp_${accountId.slice(-10)}`,
    funding: TEST_DEBIT_CARD.funding,
    last4: TEST_DEBIT_CARD.last4,
    metadata: {},
    status: 'new',
  };
}

const accountHeader = (req: Request) => {
  const v = req.get('stripe-account');
  return v && v.trim() ? v.trim() : null;
};

/** A failure the next instant payout of an account ends with (the sandbox's own switch; tests and demos). */
const FAILURE_TEXT: Record<string, string> = {
  could_not_process: 'The bank could not process this payout.',
  account_closed: 'The bank account has been closed.',
  debit_not_authorized: 'Debit transactions are not approved on the bank account.',
  invalid_card: 'The card the payout was sent to is not valid for payouts.',
};

export class PayoutsEmulator {
  constructor(private readonly store: SandboxStore) {}

  private async account(tx: Executor, id: string) {
    const account = await this.store.get(tx, id, 'account');
    if (!account) {
      throw new StripeApiError(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key does not have access to account '${id}' (or that account does not exist).`,
      });
    }
    return account;
  }

  /** The connected account's available balance: transfers in, less account debits and payouts not failed. */
  async availableOf(tx: Executor, accountId: string): Promise<number> {
    const transfers = await this.store.list(tx, 'transfer', { destination: accountId });
    const charges = await this.store.list(tx, 'charge', { __source_account: accountId });
    const payouts = await this.store.list(tx, 'payout', { __account: accountId });
    const inflow = transfers.reduce((s, t) => s + t.amount - (t.amount_reversed ?? 0), 0);
    const debited = charges
      .filter((c) => c.status === 'succeeded')
      .reduce((s, c) => s + c.amount - (c.amount_refunded ?? 0), 0);
    const paidOut = payouts
      .filter((p) => p.status !== 'failed' && p.status !== 'canceled')
      .reduce((s, p) => s + p.amount, 0);
    return inflow - debited - paidOut;
  }

  async balanceOf(tx: Executor, accountId: string) {
    await this.account(tx, accountId);
    const available = await this.availableOf(tx, accountId);
    return {
      object: 'balance',
      available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
      instant_available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      livemode: false,
    };
  }

  async externalAccounts(tx: Executor, accountId: string, object?: string) {
    const account = await this.account(tx, accountId);
    const data = ((account.external_accounts?.data ?? []) as StripeObject[]).filter(
      (e) => !object || e.object === object,
    );
    return {
      object: 'list',
      data,
      has_more: false,
      url: `/v1/accounts/${accountId}/external_accounts`,
    };
  }

  /** An account debit: `POST /v1/charges` with `source` = a connected account (the amount moves to the platform). */
  async createAccountDebit(tx: Executor, p: Params, req: RequestInfo, store: SandboxStore) {
    const amount = int(p.amount, 'amount', { required: true, min: 1 })!;
    const currency = str(p.currency);
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const source = str(p.source);
    if (!source?.startsWith('acct_'))
      throw invalid(
        'The Brigade Stripe sandbox creates charges only as account debits (`source` = a connected account).',
        'source',
      );
    const account = await this.store.get(tx, source, 'account');
    if (!account) throw missing('account', source, 'source');
    if (amount > (await this.availableOf(tx, source))) {
      throw invalid(
        'The connected account has insufficient funds for this account debit.',
        'amount',
        'balance_insufficient',
      );
    }
    const charge: StripeObject = {
      id: stripeId('py'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: stripeId('txn'),
      captured: true,
      created: nowSeconds(),
      currency: currency.toLowerCase(),
      description: str(p.description) ?? null,
      livemode: false,
      metadata: metadata(p.metadata),
      paid: true,
      payment_intent: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      source: { id: source, object: 'account' },
      status: 'succeeded',
      __source_account: source,
    };
    await store.put(tx, charge);
    await store.emit(tx, 'charge.succeeded', publicView(charge), req);
    return charge;
  }

  async getCharge(tx: Executor, id: string) {
    const charge = await this.store.get(tx, id, 'charge');
    if (!charge) throw missing('charge', id);
    return charge;
  }

  /** `POST /v1/payouts` on a connected account: from its available balance to its debit card (or bank). */
  async createPayout(tx: Executor, accountId: string | null, p: Params, req: RequestInfo) {
    if (!accountId)
      throw invalid(
        'The Brigade Stripe sandbox makes payouts only on connected accounts (the `Stripe-Account` header).',
      );
    const account = await this.account(tx, accountId);
    const amount = int(p.amount, 'amount', { required: true, min: 1 })!;
    const currency = str(p.currency);
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const method = str(p.method) ?? 'standard';
    if (!['standard', 'instant'].includes(method)) throw invalid(`Invalid method: ${method}`, 'method');
    if (!account.payouts_enabled)
      throw invalid('Payouts are not enabled on this account.', undefined, 'payouts_not_allowed');
    const externals = (account.external_accounts?.data ?? []) as StripeObject[];
    const wanted = str(p.destination);
    const destination = wanted
      ? externals.find((e) => e.id === wanted)
      : method === 'instant'
        ? externals.find((e) => e.object === 'card')
        : externals[0];
    if (!destination) throw missing('external account', wanted ?? '(default)', 'destination');
    if (method === 'instant' && !(destination.available_payout_methods ?? []).includes('instant')) {
      throw invalid(
        'This external account does not support instant payouts.',
        'destination',
        'instant_payouts_unsupported',
      );
    }
    if (amount > (await this.availableOf(tx, accountId))) {
      throw invalid(
        'You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).',
        'amount',
        'balance_insufficient',
      );
    }
    const switched = await this.store.get(tx, `payoutfault_${accountId}`, 'payout_fault');
    const fault = switched?.failure_code ? switched : null;
    if (fault) await this.store.put(tx, { ...fault, failure_code: null });
    const created = nowSeconds();
    const payout: StripeObject = {
      id: stripeId('po'),
      object: 'payout',
      amount,
      arrival_date: created,
      automatic: false,
      balance_transaction: stripeId('txn'),
      created,
      currency: currency.toLowerCase(),
      description: str(p.description) ?? null,
      destination: destination.id,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: metadata(p.metadata),
      method,
      source_type: 'card',
      statement_descriptor: str(p.statement_descriptor) ?? null,
      status: 'pending',
      type: destination.object === 'card' ? 'card' : 'bank_account',
      __account: accountId,
      __fail_with: fault ? fault.failure_code : null,
      __land_at: Date.now() + PAYOUT_ARRIVAL_MS,
    };
    await this.store.put(tx, payout);
    await this.store.emit(tx, 'payout.created', publicView(payout), req, accountId);
    return payout;
  }

  async getPayout(tx: Executor, accountId: string | null, id: string) {
    const payout = await this.store.get(tx, id, 'payout');
    // A payout belongs to its connected account: asked without it, or on another, it does not exist.
    if (!payout || payout.__account !== accountId) throw missing('payout', id);
    return payout;
  }

  /** The sandbox's switch: the account's next payout fails (`failure_code`), its money back in the balance. */
  async failNext(tx: Executor, accountId: string, failureCode: string) {
    await this.account(tx, accountId);
    await this.store.put(tx, {
      id: `payoutfault_${accountId}`,
      object: 'payout_fault',
      account: accountId,
      failure_code: failureCode,
    });
    return { account: accountId, failure_code: failureCode };
  }

  /** Land (or fail) the pending payouts whose moment has come; one event each. */
  async landDue(tx: Executor): Promise<number> {
    const pending = await this.store.list(tx, 'payout', { status: 'pending' });
    const due = pending.filter((p) => (p.__land_at ?? 0) <= Date.now());
    const info: RequestInfo = { id: `req_${stripeId('x').slice(4, 18)}`, idempotency_key: null };
    for (const payout of due) {
      const current = await this.store.get(tx, payout.id, 'payout');
      if (!current || current.status !== 'pending') continue;
      if (current.__fail_with) {
        current.status = 'failed';
        current.failure_code = current.__fail_with;
        current.failure_message = FAILURE_TEXT[current.__fail_with] ?? FAILURE_TEXT.could_not_process;
        current.failure_balance_transaction = stripeId('txn');
      } else current.status = 'paid';
      await this.store.put(tx, current);
      await this.store.emit(tx, `payout.${current.status}`, publicView(current), info, current.__account);
    }
    return due.length;
  }
}

const FailNextBody = z.object({
  account: z.string().regex(/^acct_[A-Za-z0-9]+$/, 'account must be a connected account id'),
  failure_code: z
    .enum(['could_not_process', 'account_closed', 'debit_not_authorized', 'invalid_card'])
    .default('could_not_process'),
});

/**
 * The routes of this file on the SDK's router (`/v1`): registered before the others, so `GET /v1/balance` with a
 * `Stripe-Account` header answers the connected account's balance (without it: the platform's, further on).
 */
export function registerPayoutRoutes(
  api: Router,
  route: (handler: Handler) => (req: Request, res: Response) => Promise<void>,
  payouts: PayoutsEmulator,
  store: SandboxStore,
) {
  api.get('/balance', (req: Request, res: Response, next: NextFunction) => {
    const account = accountHeader(req);
    if (!account) return next();
    return route((tx) => payouts.balanceOf(tx, account))(req, res);
  });
  api.get(
    '/accounts/:id/external_accounts',
    route((tx, req) =>
      payouts.externalAccounts(
        tx,
        String(req.params.id),
        typeof req.query.object === 'string' ? req.query.object : undefined,
      ),
    ),
  );
  api.post(
    '/charges',
    route((tx, req, info) => payouts.createAccountDebit(tx, req.body ?? {}, info, store)),
  );
  api.get(
    '/charges/:id',
    route((tx, req) => payouts.getCharge(tx, String(req.params.id))),
  );
  api.post(
    '/payouts',
    route((tx, req, info) => payouts.createPayout(tx, accountHeader(req), req.body ?? {}, info)),
  );
  api.get(
    '/payouts/:id',
    route((tx, req) => payouts.getPayout(tx, accountHeader(req), String(req.params.id))),
  );
}

/** `/sandbox/payouts/stripe`: `POST /fail-next {account, failure_code?}` makes the account's next payout fail. */
export function payoutSwitchRouter(database: Database, payouts: PayoutsEmulator): Router {
  const router = express.Router();
  router.use(express.json());
  router.post('/fail-next', async (req, res) => {
    const body = parseBody(FailNextBody, req);
    const answer = await database
      .transaction((tx) => payouts.failNext(tx, body.account, body.failure_code))
      .catch((err: unknown) => {
        if (err instanceof StripeApiError) return null;
        throw err;
      });
    if (!answer) {
      res.status(404).json({ error: 'No such connected account', code: 'SANDBOX.NO_SUCH_ACCOUNT' });
      return;
    }
    res.status(201).json(answer);
  });
  return router;
}

/** Lands pending payouts moments after they were made (`payout.paid` / `payout.failed`), as Stripe's test mode. */
export class PayoutLander {
  private readonly loop: WorkLoop;
  constructor(
    private readonly options: {
      database: Database;
      payouts: PayoutsEmulator;
      deliverer: SandboxWebhookDeliverer;
      logger: Logger;
    },
  ) {
    this.loop = new WorkLoop({
      name: 'sandbox payouts',
      pollMs: 200,
      logger: options.logger,
      idleCheck: () => this.anyPending(),
      pass: () => this.pass(),
    });
  }

  private async anyPending(): Promise<boolean> {
    const s = sql.raw(this.options.database.schema);
    const rows = await this.options.database.rows(
      sql`select 1 from ${s}.objects where object = 'payout' and data ->> 'status' = 'pending' limit 1`,
    );
    return rows.length > 0;
  }

  private async pass(): Promise<number> {
    const landed = await this.options.database.transaction((tx) => this.options.payouts.landDue(tx));
    if (landed > 0) this.options.deliverer.kick();
    return 0; // landed or not, wait a poll: a payout lands at its moment, not in a busy loop
  }

  start() {
    this.loop.start();
  }
  stop() {
    return this.loop.stop();
  }
}
