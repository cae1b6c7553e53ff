import type { Executor } from '@brigade/kit';
import { nowSeconds, stripeId } from './ids';
import type { StripeObject } from './store';
import { int, invalid, metadata, missing, publicView, str } from './emulator-params';
import type { Params, RequestInfo } from './emulator-params';
import { SetupIntentsEmulator } from './emulator-setup-intents';

/**
 * The subset of the Stripe API Brigade uses, with Stripe's object shapes, id formats, errors and events:
 * connected accounts and account links, payment methods (test cards), payment intents with charges,
 * customers with saved cards (setup intents, off-session payments), transfers (separate charges and
 * transfers), refunds and the balance.

 *
 * One class per resource family, each building on the one before (accounts -> customers and payment methods ->
 * payment intents -> setup intents -> transfers, refunds and the balance), so a resource's file holds its rules.
 */
export class StripeEmulator extends SetupIntentsEmulator {
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
