import Stripe from 'stripe';
import { AppError, inTransaction, type AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findSettlement, saveExtraIntent, type SettlementRow } from '../db/timesheets.repository';
import { interactive, providerError } from '../adapters/stripe';
import { confirmInApp } from './confirm-in-app';
import { EXTRA_CHARGE_KIND, recordExtraCollected } from './extra-charge';
import { ensureCustomer, keepingTheCard } from './ensure-customer';

// A restaurant's balance (issue 34, queries/balances.ts): it pays it in the app, on-session, on the same
// PaymentIntent (Stripe's way of bringing the customer back), and the chef's extra moves once it is collected.

const balanceNotFound = () =>
  new AppError(404, 'PAYMENTS.BALANCE_NOT_FOUND', 'Balance not found or not authorized');

/** The extra's PaymentIntent to pay on-session: the failed one (payable again), or one made now (no card kept). */
async function balanceIntent(ctx: PaymentsContext, s: SettlementRow): Promise<Stripe.PaymentIntent> {
  const stripe = ctx.stripe.get();
  if (s.extra_payment_intent_id)
    return stripe.paymentIntents
      .retrieve(s.extra_payment_intent_id, {}, interactive(ctx.config))
      .catch(providerError);
  const customer = await ensureCustomer(ctx, s.restaurant_id);
  const pi = await stripe.paymentIntents
    .create(
      {
        amount: s.extra_charge_cents,
        ...keepingTheCard(customer),
        transfer_group: s.job_id,
        description: 'Brigade: extra hours',
        metadata: {
          kind: EXTRA_CHARGE_KIND,
          job_id: s.job_id,
          application_id: s.application_id,
          restaurant_id: s.restaurant_id,
        },
      },
      interactive(ctx.config, `timesheet:${s.application_id}:balance`),
    )
    .catch(providerError);
  await saveExtraIntent(ctx.database, s.application_id, pi.id);
  return pi;
}

const answer = (s: SettlementRow, pi: Stripe.PaymentIntent | null, status: string) => ({
  application_id: s.application_id,
  client_secret: pi?.client_secret ?? null,
  payment_intent_id: pi?.id ?? s.extra_payment_intent_id,
  amount_cents: s.extra_charge_cents,
  currency: 'usd' as const,
  payment_status: status,
});

/**
 * `POST /payments/balances/{applicationId}/pay` `{ paymentMethodId? }`: the restaurant pays its balance in the app.
 * Without a PaymentMethod: the client secret of the balance's PaymentIntent for the card form to confirm
 * (Stripe.js), as the escrow's pay page does. With one: confirmed now, on-session (402 with the card's text on a
 * decline). Already collected (by a confirm in the browser, a webhook): `payment_status: 'collected'`.
 */
export async function payBalance(
  ctx: PaymentsContext,
  user: AuthUser,
  applicationId: string,
  paymentMethodId: string | undefined,
) {
  const s = await findSettlement(ctx.database, { application_id: applicationId });
  if (!s || s.restaurant_id !== user.id || s.extra_status === 'none' || s.extra_status === 'pending')
    throw balanceNotFound();
  if (s.extra_status === 'collected') return answer(s, null, 'collected');
  let pi = await balanceIntent(ctx, s);
  if (pi.status === 'succeeded') {
    await inTransaction(ctx, (tx) => recordExtraCollected(ctx, tx, pi));
    return answer(s, pi, 'collected');
  }
  if (!paymentMethodId) return answer(s, pi, pi.status);
  pi = await confirmInApp(ctx, pi, paymentMethodId, `timesheet:${applicationId}:balance`);
  if (pi.status !== 'succeeded') return answer(s, pi, pi.status);
  await inTransaction(ctx, (tx) => recordExtraCollected(ctx, tx, pi));
  return answer(s, pi, 'collected');
}
