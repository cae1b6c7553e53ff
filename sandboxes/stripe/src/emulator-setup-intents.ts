import type { Executor } from '@brigade/kit';
import { cardByNumber, setupOutcome } from './cards';
import { clientSecret, nowSeconds, stripeId } from './ids';
import type { StripeObject } from './store';
import { cardError, invalid, metadata, missing, str, StripeApiError } from './emulator-params';
import type { EmulatorResult, Params, RequestInfo } from './emulator-params';
import { PaymentIntentsEmulator } from './emulator-payment-intents';

/** Setup intents: a card saved for later, off-session payments. */
export class SetupIntentsEmulator extends PaymentIntentsEmulator {
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
    const error = cardError(outcome, pm);
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
}
