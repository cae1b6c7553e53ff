import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { inTransaction, type AuthUser, type Executor } from '@brigade/kit';
import type { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import {
  deleteSavedCard,
  findSetupIntent,
  saveSetupIntent,
  savedCardOf,
  upsertSavedCard,
  type SavedCardRow,
} from '../db/saved-cards.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { noSavedCard, setupNotComplete, setupNotFound } from '../domain/errors';
import { interactive } from '../adapters/stripe';
import { chargeIntent } from './confirm-application-payment';
import { reportAnomaly } from './report-anomaly';
import {
  ensureCustomer,
  ensurePaymentIntent,
  escrowAnswer,
  payableJob,
  providerError,
} from './start-escrow-payment';

// A restaurant's saved card, the way Stripe does it: one Customer per restaurant, a SetupIntent confirmed in the
// browser with the card, and later off-session PaymentIntents on that Customer's PaymentMethod. Payments records
// a card only as the provider describes it, for a SetupIntent it made for the caller's own Customer.

const view = (card: SavedCardRow | null): paymentsHttp.SavedCard | null =>
  card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year } : null;

/** `POST /payments/saved-card/setup`: a SetupIntent the card form confirms with the card. */
export async function startCardSetup(ctx: PaymentsContext, user: AuthUser) {
  const customerId = await ensureCustomer(ctx, user.id);
  const si = await ctx.stripe
    .get()
    .setupIntents.create(
      {
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { restaurant_id: user.id },
      },
      interactive(ctx.config, `restaurant:${user.id}:setup:${randomUUID()}`),
    )
    .catch(providerError);
  await saveSetupIntent(ctx.database, {
    setup_intent_id: si.id,
    restaurant_id: user.id,
    customer_id: customerId,
  });
  return { client_secret: si.client_secret!, setup_intent_id: si.id };
}

/** A SetupIntent and its PaymentMethod as the provider has them now. */
export interface SetupFacts {
  setupIntent: Stripe.SetupIntent;
  paymentMethod: Stripe.PaymentMethod | null;
}

export async function fetchSetup(
  stripe: Stripe,
  setupIntentId: string,
  options: Stripe.RequestOptions,
): Promise<SetupFacts> {
  const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, {}, options);
  const pm = setupIntent.payment_method;
  const paymentMethod =
    typeof pm === 'string' ? await stripe.paymentMethods.retrieve(pm, {}, options) : (pm ?? null);
  return { setupIntent, paymentMethod };
}

/**
 * Record the card of a succeeded SetupIntent that payments made, for the Customer it made it for, while the card
 * is still attached to that Customer (a card removed since is not brought back). A SetupIntent payments never
 * made is an anomaly; one that has not succeeded, or whose card left the Customer, changes nothing.
 */
export async function recordCardSetup(
  ctx: PaymentsContext,
  tx: Executor,
  facts: SetupFacts,
  source: MoneySource = PROVIDER_CALL,
): Promise<SavedCardRow | null> {
  const { setupIntent: si, paymentMethod: pm } = facts;
  const mine = await findSetupIntent(ctx.database, si.id, tx);
  const customer = typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null);
  if (!mine || customer !== mine.customer_id) {
    await reportAnomaly(ctx, tx, source, { reason: 'unknown_setup_intent', objectId: si.id });
    return null;
  }
  const pmCustomer = typeof pm?.customer === 'string' ? pm.customer : (pm?.customer?.id ?? null);
  if (si.status !== 'succeeded' || !pm?.card || pmCustomer !== mine.customer_id) return null;
  const card = {
    restaurant_id: mine.restaurant_id,
    customer_id: mine.customer_id,
    payment_method_id: pm.id,
    setup_intent_id: si.id,
    setup_created: si.created,
    brand: pm.card.brand,
    last4: pm.card.last4,
    exp_month: pm.card.exp_month,
    exp_year: pm.card.exp_year,
  };
  await upsertSavedCard(ctx.database, tx, card);
  return card;
}

/**
 * `POST /payments/saved-card/confirm`: the card form confirmed the SetupIntent; payments asks the provider and
 * records the card. Someone else's SetupIntent (or one payments never made) is a 404, whatever its state.
 */
export async function confirmCardSetup(ctx: PaymentsContext, user: AuthUser, setupIntentId: string) {
  const mine = await findSetupIntent(ctx.database, setupIntentId);
  if (!mine || mine.restaurant_id !== user.id) throw setupNotFound();
  const facts = await fetchSetup(ctx.stripe.get(), setupIntentId, interactive(ctx.config)).catch(
    providerError,
  );
  if (facts.setupIntent.status !== 'succeeded') throw setupNotComplete(facts.setupIntent.status);
  await inTransaction(ctx, (tx) => recordCardSetup(ctx, tx, facts));
  const current = await savedCardOf(ctx.database, user.id);
  // Cards it replaces leave the Customer at the provider: one saved card, the latest (best effort: the next
  // setup tries again).
  if (current)
    await detachOthers(ctx, current).catch((err: unknown) =>
      ctx.logger.warn({ err, customer: current.customer_id }, 'could not detach the replaced cards'),
    );
  return { card: view(current) };
}

/** `GET /payments/saved-card`. */
export async function getSavedCard(ctx: PaymentsContext, user: AuthUser) {
  return { card: view(await savedCardOf(ctx.database, user.id)) };
}

async function detach(ctx: PaymentsContext, paymentMethodId: string) {
  try {
    await ctx.stripe.get().paymentMethods.detach(paymentMethodId, {}, interactive(ctx.config));
  } catch (err) {
    // Already detached (or gone) at the provider: what we wanted.
    if (
      err instanceof Stripe.errors.StripeInvalidRequestError &&
      (err.code === 'payment_method_unexpected_state' || err.code === 'resource_missing')
    )
      return;
    providerError(err);
  }
}

async function detachOthers(ctx: PaymentsContext, current: SavedCardRow) {
  const attached = await ctx.stripe
    .get()
    .customers.listPaymentMethods(current.customer_id, { type: 'card', limit: 100 }, interactive(ctx.config));
  for (const pm of attached.data) if (pm.id !== current.payment_method_id) await detach(ctx, pm.id);
}

/** `DELETE /payments/saved-card`: detached from the Customer at the provider, then forgotten. */
export async function removeSavedCard(ctx: PaymentsContext, user: AuthUser) {
  const card = await savedCardOf(ctx.database, user.id);
  if (card) {
    await detach(ctx, card.payment_method_id);
    await deleteSavedCard(ctx.database, user.id, card.payment_method_id);
  }
  return { card: view(await savedCardOf(ctx.database, user.id)) };
}

/**
 * `create-escrow-payment` with `use_saved_card`: the job's one PaymentIntent, on the restaurant's Customer,
 * confirmed now off-session with the saved card. The answer is the usual one plus `payment_status`.
 */
export async function payWithSavedCard(
  ctx: PaymentsContext,
  user: AuthUser,
  jobId: string,
  clientAmountCents: number | undefined,
) {
  const job = await payableJob(ctx, user, jobId, clientAmountCents);
  const card = await savedCardOf(ctx.database, user.id);
  if (!card) throw noSavedCard();
  let pi = await ensurePaymentIntent(ctx, job);
  if (pi.customer !== card.customer_id) {
    pi = await ctx.stripe
      .get()
      .paymentIntents.update(
        pi.id,
        { customer: card.customer_id },
        interactive(ctx.config, `job:${job.job_id}:customer:${card.customer_id}`),
      )
      .catch(providerError);
  }
  const { paymentStatus } = await chargeIntent(ctx, job, pi, card.payment_method_id, { offSession: true });
  return { ...escrowAnswer(job, pi), payment_status: paymentStatus };
}
