import type { Executor } from '@brigade/kit';
import { cardByNumber, chargeOutcome } from './cards';
import { clientSecret, nowSeconds, stripeId } from './ids';
import type { StripeObject } from './store';
import { cardError, int, invalid, metadata, missing, str, StripeApiError } from './emulator-params';
import type { EmulatorResult, Params, RequestInfo } from './emulator-params';
import { CustomersEmulator } from './emulator-customers';
import { openDispute } from './emulator-disputes';

/** Payment intents with their charges: created, confirmed with a card, updated, cancelled. */
export class PaymentIntentsEmulator extends CustomersEmulator {
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
      // Issue 38: the test card whose holder disputes the charge.
      if (cardByNumber(pm.__number ?? '')?.disputed) await openDispute(this.store, tx, charge, req);
      return { status: 200, body: pi };
    }
    const error = cardError(outcome, pm, charge.id);
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
}
