import type { Executor } from '@brigade/kit';
import { cardByNumber, chargeOutcome, luhnValid, setupOutcome, TEST_PAYMENT_METHODS } from './cards';
import { base62, clientSecret, nowSeconds, stripeId } from './ids';
import type { SandboxStore, StripeObject } from './store';

/** A Stripe-shaped API error: `{ error: { type, code, message, ... } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly raw: Record<string, unknown> & { type: string; message: string },
  ) {
    super(raw.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

export interface RequestInfo {
  id: string;
  idempotency_key: string | null;
}

export interface EmulatorResult {
  status: number;
  body: unknown;
}

type Params = Record<string, unknown>;

function int(value: unknown, param: string, { required = false, min = 0 } = {}): number | undefined {
  if (value === undefined || value === '') {
    if (required) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
    return undefined;
  }
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw invalid(`Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
  if (n < min)
    throw invalid(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  return n;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function metadata(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

const INDIVIDUAL_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.address.state',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
const COMPANY_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'company.address.city',
  'company.address.line1',
  'company.address.postal_code',
  'company.address.state',
  'company.name',
  'company.phone',
  'company.tax_id',
  'external_account',
  'representative.dob.day',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/**
 * The subset of the Stripe API Brigade uses, with Stripe's object shapes, id formats, errors and events:
 * connected accounts and account links, payment methods (test cards), payment intents with charges,
 * customers with saved cards (setup intents, off-session payments), transfers (separate charges and
 * transfers), refunds and the balance.
 */
export class StripeEmulator {
  constructor(
    private readonly store: SandboxStore,
    private readonly publicUrl: string,
  ) {}

  // ---------- accounts ----------
  async createAccount(tx: Executor, p: Params, req: RequestInfo) {
    const type = str(p.type) ?? 'express';
    if (!['express', 'standard', 'custom'].includes(type)) throw invalid(`Invalid type: ${type}`, 'type');
    const businessType = str(p.business_type) ?? 'individual';
    const capabilities = (p.capabilities ?? {}) as Record<string, Params | undefined>;
    const requested = Object.keys(capabilities).filter(
      (k) => capabilities[k]?.requested === 'true' || capabilities[k]?.requested === true,
    );
    const due = businessType === 'company' ? COMPANY_REQUIREMENTS : INDIVIDUAL_REQUIREMENTS;
    const account: StripeObject = {
      id: stripeId('acct').slice(0, 21),
      object: 'account',
      type,
      business_type: businessType,
      business_profile: { mcc: null, name: null, url: null, product_description: null },
      capabilities: Object.fromEntries(
        (requested.length ? requested : ['transfers']).map((c) => [c, 'inactive']),
      ),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      country: str(p.country) ?? 'US',
      created: nowSeconds(),
      default_currency: 'usd',
      email: str(p.email) ?? null,
      external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      metadata: metadata(p.metadata),
      requirements: this.requirements(due),
      future_requirements: this.requirements([]),
      settings: { payouts: { schedule: { delay_days: 2, interval: 'daily' } } },
      tos_acceptance: { date: null, ip: null },
    };
    account.external_accounts.url = `/v1/accounts/${account.id}/external_accounts`;
    await this.store.put(tx, account);
    await this.store.emit(tx, 'account.updated', account, req);
    return account;
  }

  private requirements(due: string[]) {
    return {
      alternatives: [],
      current_deadline: null,
      currently_due: [...due],
      disabled_reason: due.length ? 'requirements.past_due' : null,
      errors: [],
      eventually_due: [...due],
      past_due: [...due],
      pending_verification: [],
    };
  }

  async getAccount(tx: Executor, id: string) {
    const account = await this.store.get(tx, id, 'account');
    if (!account) throw missing('account', id, 'account');
    return account;
  }

  /** What the hosted onboarding does once the user has entered everything. */
  async completeOnboarding(tx: Executor, id: string, req: RequestInfo) {
    const account = await this.getAccount(tx, id);
    account.charges_enabled = true;
    account.payouts_enabled = true;
    account.details_submitted = true;
    account.capabilities = Object.fromEntries(
      Object.keys(account.capabilities ?? { transfers: 'inactive' }).map((c) => [c, 'active']),
    );
    account.requirements = this.requirements([]);
    account.tos_acceptance = { date: nowSeconds(), ip: '127.0.0.1' };
    account.external_accounts.data = [
      {
        id: stripeId('ba'),
        object: 'bank_account',
        last4: '6789',
        bank_name: 'STRIPE TEST BANK',
        currency: 'usd',
      },
    ];
    account.external_accounts.total_count = 1;
    await this.store.put(tx, account);
    await this.store.emit(tx, 'account.updated', account, req);
    return account;
  }

  async createAccountLink(tx: Executor, p: Params) {
    const accountId = str(p.account);
    if (!accountId) throw invalid('Missing required param: account.', 'account', 'parameter_missing');
    const returnUrl = str(p.return_url);
    const refreshUrl = str(p.refresh_url);
    if (!returnUrl) throw invalid('Missing required param: return_url.', 'return_url', 'parameter_missing');
    if (!refreshUrl)
      throw invalid('Missing required param: refresh_url.', 'refresh_url', 'parameter_missing');
    const type = str(p.type) ?? 'account_onboarding';
    if (!['account_onboarding', 'account_update'].includes(type))
      throw invalid(`Invalid type: ${type}`, 'type');
    await this.getAccount(tx, accountId);
    const token = base62(24);
    const created = nowSeconds();
    const url = new URL(`/sandbox/stripe/connect/onboarding/${accountId}`, this.publicUrl);
    url.searchParams.set('return_url', returnUrl);
    url.searchParams.set('link', token);
    // The link's own record (not a Stripe object type one can fetch): single use, expires like Stripe's.
    await this.store.put(tx, {
      id: `acctlink_${token}`,
      object: 'account_link_record',
      account: accountId,
      return_url: returnUrl,
      refresh_url: refreshUrl,
      expires_at: created + 300,
      used: false,
    });
    return { object: 'account_link', created, expires_at: created + 300, url: url.toString() };
  }

  async accountLink(tx: Executor, token: string) {
    return this.store.get(tx, `acctlink_${token}`, 'account_link_record');
  }

  async useAccountLink(tx: Executor, link: StripeObject) {
    await this.store.put(tx, { ...link, used: true });
  }

  // ---------- payment methods ----------
  /** A PaymentMethod from a test pm_ id or from raw card fields (`card[number]`...), as Stripe.js would create. */
  async resolvePaymentMethod(
    tx: Executor,
    p: Params,
    intent: 'PaymentIntent' | 'SetupIntent' = 'PaymentIntent',
  ): Promise<StripeObject> {
    const pmId = str(p.payment_method);
    const card = ((p.payment_method_data as Params | undefined)?.card ?? p.card) as Params | undefined;
    let number: string | undefined;
    let expMonth = 12;
    let expYear = new Date().getUTCFullYear() + 3;
    if (pmId) {
      const existing = await this.store.get(tx, pmId, 'payment_method');
      if (existing) return existing;
      number = TEST_PAYMENT_METHODS[pmId];
      if (!number) throw missing('PaymentMethod', pmId, 'payment_method');
    } else if (card && str(card.number)) {
      number = String(card.number).replace(/[\s-]/g, '');
      if (!luhnValid(number)) {
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'incorrect_number',
          param: 'card[number]',
          message: 'Your card number is incorrect.',
        });
      }
      expMonth = int(card.exp_month, 'card[exp_month]', { required: true, min: 1 })!;
      expYear = int(card.exp_year, 'card[exp_year]', { required: true })!;
      if (expYear < 100) expYear += 2000;
      if (expMonth > 12)
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'invalid_expiry_month',
          param: 'card[exp_month]',
          message: "Your card's expiration month is invalid.",
        });
      const now = new Date();
      if (
        expYear < now.getUTCFullYear() ||
        (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)
      ) {
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'invalid_expiry_year',
          param: 'card[exp_year]',
          message: "Your card's expiration year is invalid.",
        });
      }
      if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc))) {
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'invalid_cvc',
          param: 'card[cvc]',
          message: "Your card's security code is invalid.",
        });
      }
    } else {
      throw invalid(
        `You must provide a payment_method to confirm this ${intent}.`,
        'payment_method',
        'parameter_missing',
      );
    }
    const known = cardByNumber(number);
    const pm: StripeObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { address: null, email: str(p.receipt_email) ?? null, name: null, phone: null },
      card: {
        brand:
          known?.brand ??
          (number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown'),
        country: 'US',
        exp_month: expMonth,
        exp_year: expYear,
        funding: 'credit',
        last4: number.slice(-4),
      },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
      // Not part of Stripe's object; the emulator remembers the test number to decide the outcome.
      __number: number,
    };
    await this.store.put(tx, pm);
    return pm;
  }

  // ---------- payment intents ----------
  async createPaymentIntent(tx: Executor, p: Params, req: RequestInfo) {
    const amount = int(p.amount, 'amount', { required: true, min: 50 })!;
    const currency = str(p.currency);
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    if (str(p.customer)) await this.getCustomer(tx, str(p.customer)!, 'customer');
    if (p.off_session !== undefined && String(p.confirm) !== 'true')
      throw invalid('off_session can only be used when confirm=true.', 'off_session');
    const futureUsage = str(p.setup_future_usage);
    if (futureUsage && !['off_session', 'on_session'].includes(futureUsage))
      throw invalid(
        'Invalid setup_future_usage: must be one of on_session or off_session',
        'setup_future_usage',
      );
    if (futureUsage && !str(p.customer))
      throw invalid(
        'A PaymentIntent with setup_future_usage needs a customer to attach the PaymentMethod to.',
        'setup_future_usage',
      );
    const id = stripeId('pi');
    const pi: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: p.automatic_payment_methods
        ? { enabled: String((p.automatic_payment_methods as Params).enabled) === 'true' }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: clientSecret(id),
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency: currency.toLowerCase(),
      customer: str(p.customer) ?? null,
      description: str(p.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadata(p.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_types: Array.isArray(p.allowed_payment_method_types)
        ? p.allowed_payment_method_types
        : Array.isArray(p.payment_method_types)
          ? p.payment_method_types
          : ['card'],
      receipt_email: str(p.receipt_email) ?? null,
      setup_future_usage: futureUsage ?? null,
      status: 'requires_payment_method',
      transfer_group: str(p.transfer_group) ?? null,
    };
    await this.store.put(tx, pi);
    await this.store.emit(tx, 'payment_intent.created', pi, req);
    if (String(p.confirm) === 'true') return this.confirmPaymentIntent(tx, id, p, req);
    return { status: 200, body: pi };
  }

  async getPaymentIntent(tx: Executor, id: string) {
    const pi = await this.store.get(tx, id, 'payment_intent');
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  }

  /**
   * Stripe's `expand[]` on a PaymentIntent answer: `payment_method` and `latest_charge` (the charge carries
   * `payment_method_details.card`) become the objects instead of their ids. A copy; the stored intent keeps ids.
   */
  async expandPaymentIntent(tx: Executor, pi: StripeObject, expand: string[]): Promise<StripeObject> {
    const out = { ...pi };
    for (const field of ['payment_method', 'latest_charge'] as const) {
      if (!expand.includes(field) || typeof out[field] !== 'string') continue;
      out[field] = await this.store.get(tx, out[field], field === 'latest_charge' ? 'charge' : field);
    }
    return out;
  }

  /** Confirm: charge the card now (automatic capture). A decline answers 402 and leaves the intent payable again. */
  async confirmPaymentIntent(tx: Executor, id: string, p: Params, req: RequestInfo): Promise<EmulatorResult> {
    const pi = await this.getPaymentIntent(tx, id);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') {
      const verb =
        pi.status === 'succeeded'
          ? 'has already succeeded after being previously confirmed'
          : `has a status of ${pi.status}`;
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it ${verb}.`,
        payment_intent: pi,
      });
    }
    const pm = await this.resolvePaymentMethod(tx, p);
    if (pm.customer && pm.customer !== pi.customer) {
      throw invalid(
        `The provided PaymentMethod belongs to Customer ${pm.customer}. Please include the Customer in the \`customer\` parameter on the PaymentIntent.`,
        'payment_method',
      );
    }
    if (str(p.receipt_email)) pi.receipt_email = str(p.receipt_email);
    const offSession = p.off_session !== undefined && String(p.off_session) !== 'false';
    const outcome = chargeOutcome(cardByNumber(pm.__number ?? ''), offSession);
    const succeeded = outcome === 'succeeded';
    const charge: StripeObject = {
      id: stripeId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: succeeded ? pi.amount : 0,
      amount_refunded: 0,
      balance_transaction: succeeded ? stripeId('txn') : null,
      billing_details: pm.billing_details,
      captured: succeeded,
      created: nowSeconds(),
      currency: pi.currency,
      failure_code: succeeded ? null : outcome.code,
      failure_message: succeeded ? null : outcome.message,
      livemode: false,
      metadata: pi.metadata,
      outcome: succeeded
        ? {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          }
        : {
            network_status: 'declined_by_network',
            reason: outcome.decline_code ?? null,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          },
      paid: succeeded,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: { type: 'card', card: { ...pm.card } },
      receipt_email: pi.receipt_email,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      status: succeeded ? 'succeeded' : 'failed',
      transfer_group: pi.transfer_group,
    };
    charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
    await this.store.put(tx, charge);
    pi.latest_charge = charge.id;
    if (succeeded) {
      // setup_future_usage: the PaymentMethod is attached to the intent's Customer for later (off-session) use.
      if (pi.setup_future_usage && pi.customer && !pm.customer) {
        pm.customer = pi.customer;
        await this.store.put(tx, pm);
        await this.store.emit(tx, 'payment_method.attached', pm, req);
      }
      pi.status = 'succeeded';
      pi.payment_method = pm.id;
      pi.amount_received = pi.amount;
      pi.last_payment_error = null;
      await this.store.put(tx, pi);
      await this.store.emit(tx, 'charge.succeeded', charge, req);
      await this.store.emit(tx, 'payment_intent.succeeded', pi, req);
      return { status: 200, body: pi };
    }
    const error = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}),
      message: outcome.message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
      payment_method: { ...pm, __number: undefined },
    };
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.last_payment_error = error;
    await this.store.put(tx, pi);
    await this.store.emit(tx, 'charge.failed', charge, req);
    await this.store.emit(tx, 'payment_intent.payment_failed', pi, req);
    return { status: 402, body: { error: { ...error, payment_intent: pi } } };
  }

  /** Update a PaymentIntent not yet paid: its Customer (saved cards), description, metadata, receipt email. */
  async updatePaymentIntent(tx: Executor, id: string, p: Params) {
    const pi = await this.getPaymentIntent(tx, id);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot update this PaymentIntent because it has a status of ${pi.status}.`,
      });
    }
    if (str(p.customer)) {
      await this.getCustomer(tx, str(p.customer)!, 'customer');
      pi.customer = str(p.customer);
    }
    if (str(p.description)) pi.description = str(p.description);
    if (str(p.receipt_email)) pi.receipt_email = str(p.receipt_email);
    if (p.metadata) pi.metadata = { ...pi.metadata, ...metadata(p.metadata) };
    await this.store.put(tx, pi);
    return pi;
  }

  async cancelPaymentIntent(tx: Executor, id: string, p: Params, req: RequestInfo) {
    const pi = await this.getPaymentIntent(tx, id);
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
      });
    }
    pi.status = 'canceled';
    pi.canceled_at = nowSeconds();
    pi.cancellation_reason = str(p.cancellation_reason) ?? null;
    await this.store.put(tx, pi);
    await this.store.emit(tx, 'payment_intent.canceled', pi, req);
    return pi;
  }

  // ---------- customers ----------
  async createCustomer(tx: Executor, p: Params, req: RequestInfo) {
    const customer: StripeObject = {
      id: stripeId('cus').slice(0, 18),
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(p.description) ?? null,
      email: str(p.email) ?? null,
      invoice_prefix: base62(8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      livemode: false,
      metadata: metadata(p.metadata),
      name: str(p.name) ?? null,
      phone: str(p.phone) ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
    };
    await this.store.put(tx, customer);
    await this.store.emit(tx, 'customer.created', customer, req);
    return customer;
  }

  async getCustomer(tx: Executor, id: string, param = 'id') {
    const customer = await this.store.get(tx, id, 'customer');
    if (!customer) throw missing('customer', id, param);
    return customer;
  }

  /** The card PaymentMethods attached to a Customer, newest first. */
  async customerPaymentMethods(tx: Executor, id: string, type: string | undefined, path: string, limit = 10) {
    await this.getCustomer(tx, id, 'customer');
    const all = (await this.store.list(tx, 'payment_method', { customer: id })).filter(
      (pm) => !type || pm.type === type,
    );
    return {
      object: 'list',
      data: all.slice(0, limit).map(publicView),
      has_more: all.length > limit,
      url: path,
    };
  }

  // ---------- payment methods (saved) ----------
  async getPaymentMethod(tx: Executor, id: string) {
    const pm = await this.store.get(tx, id, 'payment_method');
    if (!pm) throw missing('payment_method', id, 'payment_method');
    return pm;
  }

  async detachPaymentMethod(tx: Executor, id: string, req: RequestInfo) {
    const pm = await this.getPaymentMethod(tx, id);
    if (!pm.customer) {
      throw invalid(
        `The payment method you provided is not attached to a customer so detachment is impossible.`,
        undefined,
        'payment_method_unexpected_state',
      );
    }
    const previous = pm.customer;
    pm.customer = null;
    await this.store.put(tx, pm);
    const customer = await this.store.get(tx, previous, 'customer');
    if (customer && customer.invoice_settings?.default_payment_method === pm.id) {
      customer.invoice_settings.default_payment_method = null;
      await this.store.put(tx, customer);
    }
    await this.store.emit(tx, 'payment_method.detached', pm, req);
    return pm;
  }

  // ---------- setup intents (save a card for later, off-session payments) ----------
  async createSetupIntent(tx: Executor, p: Params, req: RequestInfo): Promise<EmulatorResult> {
    const customerId = str(p.customer);
    if (customerId) await this.getCustomer(tx, customerId, 'customer');
    const usage = str(p.usage) ?? 'off_session';
    if (!['off_session', 'on_session'].includes(usage))
      throw invalid(`Invalid usage: must be one of off_session or on_session`, 'usage');
    // `allowed_payment_method_types` in the SDK's API version, `payment_method_types` before it.
    const param = Array.isArray(p.allowed_payment_method_types)
      ? 'allowed_payment_method_types'
      : 'payment_method_types';
    const types: string[] = Array.isArray(p[param]) ? p[param].map(String) : ['card'];
    const unsupported = types.find((t: string) => t !== 'card');
    if (unsupported)
      throw invalid(
        `The payment method type "${unsupported}" is invalid. The Brigade Stripe sandbox supports card.`,
        param,
        'payment_method_type_invalid',
      );
    const id = stripeId('seti');
    const si: StripeObject = {
      id,
      object: 'setup_intent',
      application: null,
      allowed_payment_method_types: types,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: clientSecret(id),
      created: nowSeconds(),
      customer: customerId ?? null,
      description: str(p.description) ?? null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: metadata(p.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_options: {
        card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: types,
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage,
    };
    await this.store.put(tx, si);
    await this.store.emit(tx, 'setup_intent.created', si, req);
    if (String(p.confirm) === 'true') return this.confirmSetupIntent(tx, id, p, req);
    return { status: 200, body: si };
  }

  async getSetupIntent(tx: Executor, id: string) {
    const si = await this.store.get(tx, id, 'setup_intent');
    if (!si) throw missing('setup_intent', id, 'intent');
    return si;
  }

  /**
   * Confirm: check the card with its bank and attach it to the SetupIntent's Customer. A card the bank refuses
   * answers 402 with the test card's decline code and leaves the SetupIntent waiting for another card.
   */
  async confirmSetupIntent(tx: Executor, id: string, p: Params, req: RequestInfo): Promise<EmulatorResult> {
    const si = await this.getSetupIntent(tx, id);
    if (si.status === 'succeeded' || si.status === 'canceled') {
      const verb =
        si.status === 'succeeded'
          ? 'has already succeeded after being previously confirmed'
          : `has a status of ${si.status}`;
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it ${verb}.`,
        setup_intent: si,
      });
    }
    const pm = await this.resolvePaymentMethod(tx, p, 'SetupIntent');
    if (pm.customer && si.customer && pm.customer !== si.customer) {
      throw invalid(
        'The provided PaymentMethod is already attached to another Customer.',
        'payment_method',
        'payment_method_unexpected_state',
      );
    }
    const outcome = setupOutcome(cardByNumber(pm.__number ?? ''));
    const attempt = stripeId('setatt');
    si.latest_attempt = attempt;
    if (outcome === 'succeeded') {
      si.status = 'succeeded';
      si.payment_method = pm.id;
      si.last_setup_error = null;
      if (si.customer && pm.customer !== si.customer) {
        pm.customer = si.customer;
        await this.store.put(tx, pm);
        await this.store.emit(tx, 'payment_method.attached', pm, req);
      }
      await this.store.put(tx, si);
      await this.store.emit(tx, 'setup_intent.succeeded', si, req);
      return { status: 200, body: si };
    }
    const error = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}),
      message: outcome.message,
      doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
      payment_method: { ...pm, __number: undefined },
    };
    si.status = 'requires_payment_method';
    si.payment_method = null;
    si.last_setup_error = error;
    await this.store.put(tx, si);
    await this.store.emit(tx, 'setup_intent.setup_failed', si, req);
    return { status: 402, body: { error: { ...error, setup_intent: si } } };
  }

  async cancelSetupIntent(tx: Executor, id: string, p: Params, req: RequestInfo) {
    const si = await this.getSetupIntent(tx, id);
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
      });
    }
    si.status = 'canceled';
    si.cancellation_reason = str(p.cancellation_reason) ?? null;
    await this.store.put(tx, si);
    await this.store.emit(tx, 'setup_intent.canceled', si, req);
    return si;
  }

  // ---------- transfers (separate charges and transfers) ----------
  async createTransfer(tx: Executor, p: Params, req: RequestInfo) {
    const amount = int(p.amount, 'amount', { required: true, min: 1 })!;
    const currency = str(p.currency);
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const destination = str(p.destination);
    if (!destination)
      throw invalid('Missing required param: destination.', 'destination', 'parameter_missing');
    const account = await this.store.get(tx, destination, 'account');
    if (!account) throw missing('destination', destination, 'destination');
    if (account.capabilities?.transfers !== 'active') {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    }
    const sourceTransaction = str(p.source_transaction);
    if (sourceTransaction) {
      const charge = await this.store.get(tx, sourceTransaction, 'charge');
      if (!charge || charge.status !== 'succeeded')
        throw missing('charge', sourceTransaction, 'source_transaction');
      const already = (
        await this.store.list(tx, 'transfer', { source_transaction: sourceTransaction })
      ).reduce((s, t) => s + t.amount, 0);
      if (amount > charge.amount - charge.amount_refunded - already) {
        throw invalid(
          'The transfer amount exceeds the amount available from the source transaction.',
          'amount',
          'balance_insufficient',
        );
      }
    } else if (amount > (await this.availableBalance(tx))) {
      throw invalid(
        'You have insufficient available funds in your Stripe account.',
        'amount',
        'balance_insufficient',
      );
    }
    const transfer: StripeObject = {
      id: stripeId('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: stripeId('txn'),
      created: nowSeconds(),
      currency: currency.toLowerCase(),
      description: str(p.description) ?? null,
      destination,
      destination_payment: stripeId('py'),
      livemode: false,
      metadata: metadata(p.metadata),
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      reversed: false,
      source_transaction: sourceTransaction ?? null,
      source_type: 'card',
      transfer_group: str(p.transfer_group) ?? null,
    };
    transfer.reversals.url = `/v1/transfers/${transfer.id}/reversals`;
    await this.store.put(tx, transfer);
    await this.store.emit(tx, 'transfer.created', transfer, req);
    return transfer;
  }

  async getTransfer(tx: Executor, id: string) {
    const transfer = await this.store.get(tx, id, 'transfer');
    if (!transfer) throw missing('transfer', id);
    return transfer;
  }

  // ---------- refunds ----------
  async getRefund(tx: Executor, id: string) {
    const refund = await this.store.get(tx, id, 'refund');
    if (!refund) throw missing('refund', id);
    return refund;
  }

  async createRefund(tx: Executor, p: Params, req: RequestInfo) {
    let chargeId = str(p.charge);
    const piId = str(p.payment_intent);
    if (!chargeId && !piId)
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'payment_intent',
        'parameter_missing',
      );
    if (piId) {
      const pi = await this.getPaymentIntent(tx, piId);
      if (pi.status !== 'succeeded' || !pi.latest_charge) {
        throw invalid(
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      }
      chargeId = pi.latest_charge;
    }
    const charge = await this.store.get(tx, chargeId!, 'charge');
    if (!charge) throw missing('charge', chargeId!, 'charge');
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = int(p.amount, 'amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: StripeObject = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: metadata(p.metadata),
      payment_intent: charge.payment_intent,
      reason: str(p.reason) ?? null,
      receipt_number: null,
      status: 'succeeded',
    };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    charge.refunds.total_count += 1;
    await this.store.put(tx, refund);
    await this.store.put(tx, charge);
    await this.store.emit(tx, 'refund.created', refund, req);
    await this.store.emit(tx, 'charge.refunded', charge, req);
    return refund;
  }

  // ---------- balance ----------
  async availableBalance(tx: Executor): Promise<number> {
    const charges = await this.store.list(tx, 'charge', { status: 'succeeded' });
    const transfers = await this.store.list(tx, 'transfer');
    const charged = charges.reduce((s, c) => s + c.amount - c.amount_refunded, 0);
    return charged - transfers.reduce((s, t) => s + t.amount - t.amount_reversed, 0);
  }

  async balance(tx: Executor) {
    const available = await this.availableBalance(tx);
    return {
      object: 'balance',
      available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      livemode: false,
    };
  }

  async list(
    tx: Executor,
    object: string,
    filter: Record<string, string | undefined>,
    path: string,
    limit = 10,
  ) {
    const all = await this.store.list(tx, object, filter);
    return {
      object: 'list',
      data: all.slice(0, limit).map(publicView),
      has_more: all.length > limit,
      url: path,
    };
  }
}

/** Strip the emulator's private fields (`__number`) before an object leaves it. */
export function publicView<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v) => (k.startsWith('__') ? undefined : v)));
}
