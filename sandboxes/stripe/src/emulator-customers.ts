import type { Executor } from '@brigade/kit';
import { cardByNumber, luhnValid, TEST_PAYMENT_METHODS } from './cards';
import { base62, nowSeconds, stripeId } from './ids';
import type { StripeObject } from './store';
import { int, invalid, metadata, missing, publicView, str, StripeApiError } from './emulator-params';
import type { Params, RequestInfo } from './emulator-params';
import { AccountsEmulator } from './emulator-accounts';

/** Payment methods (test cards or raw card fields) and customers with their saved cards. */
export class CustomersEmulator extends AccountsEmulator {
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
}
