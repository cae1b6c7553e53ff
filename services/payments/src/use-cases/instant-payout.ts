import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AppError, appendEvent, inTransaction, onCommit, type AuthUser, type Executor } from '@brigade/kit';
import type { z } from 'zod';
import { instantPayoutFreeMissing, instantPayoutMoney, type payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { accountOfUser } from '../db/connected-accounts.repository';
import {
  finishPayout,
  insertPayout,
  insertPayoutEntry,
  payoutById,
  payoutByProviderId,
  payoutRecordOf,
  payoutsOf,
  pendingPayoutOf,
  setPayoutProviderId,
  type PayoutRow,
} from '../db/instant-payouts.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { accountNotFound, providerUnavailable } from '../domain/errors';
import { payoutReasonText } from '../domain/instant-payout';
import { interactive, isProviderOutage } from '../adapters/stripe';
import { reportAnomaly } from './report-anomaly';

// Issue 38 (instant payout, ADR 0035): a chef cashes out the connected account's available balance to its debit
// card now. The row is written first (pending, its figures from the quote's rules), then the provider calls with
// keys derived from its id: the fee collected from the account (an account debit, `payout:{id}:fee`, when not
// free), then the payout (`method: 'instant'` on the account, `payout:{id}:payout`). A crash or an outage in
// between leaves the row pending; the sweep (scheduler/instant-payout-sweep.ts) drives it again with the same
// keys, so money moves once. The outcome comes from the provider only (a `payout.paid`/`payout.failed` webhook
// retrieved on the account, or the sweep's own retrieve): paid books the payout's entry; failed returns the fee
// (a transfer back, `payout:{id}:fee_return`).

type Quote = z.infer<typeof payHttp.InstantPayoutQuote>;
type Payout = payHttp.InstantPayout;

const overBalance = (available: number) =>
  new AppError(400, 'PAYMENTS.PAYOUT_OVER_BALANCE', 'That is more than your available balance', {
    available_cents: available,
  });
const alreadyPending = (payout: Payout) =>
  new AppError(
    409,
    'PAYMENTS.PAYOUT_PENDING',
    'An instant payout is already on its way: wait until it lands or fails',
    { payout },
  );
const noDebitCard = () =>
  new AppError(
    409,
    'PAYMENTS.NO_DEBIT_CARD',
    'Your payout account has no debit card that takes instant payouts',
  );
const underFee = (fee: number) =>
  new AppError(400, 'PAYMENTS.PAYOUT_UNDER_FEE', 'The amount does not cover the instant payout fee', {
    fee_cents: fee,
  });
const payoutsNotEnabled = () =>
  new AppError(409, 'PAYMENTS.PAYOUTS_NOT_ENABLED', 'Finish setting up your payout account first');

/** The row as the API shows it. */
export function payoutView(r: PayoutRow): Payout {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: r.id,
    amount_cents: r.amount_cents,
    fee_cents: r.fee_cents,
    net_cents: r.net_cents,
    free_because: r.free_because === 'reliable_record' ? 'reliable_record' : null,
    status: r.status,
    failure_message: r.failure_message,
    destination: r.destination_last4 ? { brand: r.destination_brand, last4: r.destination_last4 } : null,
    created_at: iso(r.created_at)!,
    arrived_at: iso(r.arrived_at),
  };
}

interface ProviderFacts {
  account_id: string;
  payouts_enabled: boolean;
  available_cents: number;
  card: { id: string; brand: string | null; last4: string } | null;
}

/** What the provider says of the chef's account now: payouts enabled, its available balance, its debit card. */
async function providerFacts(ctx: PaymentsContext, accountId: string): Promise<ProviderFacts> {
  const stripe = ctx.stripe.get();
  const options = { ...interactive(ctx.config), stripeAccount: accountId };
  try {
    const [account, balance, cards] = await Promise.all([
      stripe.accounts.retrieve(accountId, {}, interactive(ctx.config)),
      stripe.balance.retrieve({}, options),
      stripe.accounts.listExternalAccounts(accountId, { object: 'card', limit: 10 }, interactive(ctx.config)),
    ]);
    const usd = balance.available.find((b) => b.currency === 'usd');
    const card = (cards.data as Stripe.Card[]).find((c) =>
      (c.available_payout_methods ?? []).includes('instant'),
    );
    return {
      account_id: accountId,
      payouts_enabled: account.payouts_enabled,
      available_cents: Math.max(0, usd?.amount ?? 0),
      card: card ? { id: card.id, brand: card.brand ?? null, last4: card.last4 } : null,
    };
  } catch (err) {
    if (isProviderOutage(err)) throw providerUnavailable();
    throw err;
  }
}

/** The quote for `amount` (default: the whole available balance), with why it may not be taken now. */
async function quote(
  ctx: PaymentsContext,
  user: AuthUser,
  amount?: number,
): Promise<{ quote: Quote; facts: ProviderFacts; amount: number }> {
  const account = await accountOfUser(ctx.database, user.id);
  if (!account) throw accountNotFound();
  const facts = await providerFacts(ctx, account.account_id);
  const policy = ctx.config.policy;
  const record = await payoutRecordOf(ctx.database, user.id, ctx.now());
  const cash = amount ?? facts.available_cents;
  const money = instantPayoutMoney(policy, cash, record);
  const pending = await pendingPayoutOf(ctx.database, user.id);
  const refusal = !facts.payouts_enabled
    ? 'PAYMENTS.PAYOUTS_NOT_ENABLED'
    : !facts.card
      ? 'PAYMENTS.NO_DEBIT_CARD'
      : pending
        ? 'PAYMENTS.PAYOUT_PENDING'
        : cash > facts.available_cents
          ? 'PAYMENTS.PAYOUT_OVER_BALANCE'
          : money.net_cents <= 0
            ? 'PAYMENTS.PAYOUT_UNDER_FEE'
            : null;
  return {
    amount: cash,
    facts,
    quote: {
      available_cents: facts.available_cents,
      fee_cents: money.fee_cents,
      net_cents: money.net_cents,
      ...(money.free_because ? { free_because: money.free_because } : {}),
      fee_missing: instantPayoutFreeMissing(policy, record),
      fee_bps: policy.instantPayoutFeeBps,
      min_fee_cents: policy.instantPayoutMinFeeCents,
      record,
      debit_card: facts.card ? { brand: facts.card.brand, last4: facts.card.last4 } : null,
      pending: pending ? payoutView(pending) : null,
      refusal,
      reason_text: payoutReasonText(user.language, {
        fee_cents: money.fee_cents,
        fee_bps: policy.instantPayoutFeeBps,
        min_fee_cents: policy.instantPayoutMinFeeCents,
        free: money.free_because !== null,
        min_shifts: policy.instantPayoutFreeMinShifts,
        record,
      }),
    },
  };
}

/** `GET /payments/payouts/instant/quote`: cashing out the whole available balance now. */
export async function getInstantPayoutQuote(ctx: PaymentsContext, user: AuthUser): Promise<Quote> {
  return (await quote(ctx, user)).quote;
}

/** `GET /payments/payouts/instant`: the chef's instant payouts, newest first. */
export async function listInstantPayouts(ctx: PaymentsContext, user: AuthUser) {
  return { payouts: (await payoutsOf(ctx.database, user.id)).map(payoutView) };
}

/** `POST /payments/payouts/instant`: refused with nothing moved, or the payout written and driven. */
export async function requestInstantPayout(ctx: PaymentsContext, user: AuthUser, amountCents: number) {
  const { quote: q, facts, amount } = await quote(ctx, user, amountCents);
  switch (q.refusal) {
    case null:
      break;
    case 'PAYMENTS.PAYOUTS_NOT_ENABLED':
      throw payoutsNotEnabled();
    case 'PAYMENTS.NO_DEBIT_CARD':
      throw noDebitCard();
    case 'PAYMENTS.PAYOUT_PENDING':
      throw alreadyPending(q.pending!);
    case 'PAYMENTS.PAYOUT_OVER_BALANCE':
      throw overBalance(q.available_cents);
    default:
      throw underFee(q.fee_cents);
  }
  const id = randomUUID();
  const inserted = await inTransaction(ctx, (tx) =>
    insertPayout(ctx.database, tx, {
      id,
      chef_id: user.id,
      account_id: facts.account_id,
      amount_cents: amount,
      fee_cents: q.fee_cents,
      net_cents: q.net_cents,
      free_because: q.free_because ?? null,
      destination_brand: facts.card!.brand,
      destination_last4: facts.card!.last4,
    }),
  );
  if (!inserted) {
    const pending = await pendingPayoutOf(ctx.database, user.id);
    throw alreadyPending(
      pending ? payoutView(pending) : payoutView((await payoutsOf(ctx.database, user.id))[0]),
    );
  }
  const refused = await driveInstantPayout(ctx, id).catch((err: unknown) => {
    // The provider is down or slow: the row stays pending and the sweep drives it with the same keys.
    ctx.logger.warn({ err: (err as Error).message, payout: id }, 'instant payout left for the sweep');
    return null;
  });
  if (refused === 'balance_insufficient') throw overBalance(q.available_cents);
  const row = await payoutById(ctx.database, id);
  return { payout: payoutView(row!) };
}

const FEE_RETURN_TEXT = 'The payout could not be sent to the card';

/**
 * Move a payout on from where it stands, each step at most once (its key): collect the fee, make the payout,
 * and for a failed one return the fee. Returns the provider's refusal code when it refused the payout (the row
 * is then failed); throws on an outage (the row stays as it is, for the sweep).
 */
export async function driveInstantPayout(ctx: PaymentsContext, id: string): Promise<string | null> {
  let row = await payoutById(ctx.database, id);
  if (!row) return null;
  const stripe = ctx.stripe.get();
  if (row.status === 'pending' && row.fee_cents > 0 && !row.fee_debit_id) {
    let debit: Stripe.Charge;
    try {
      debit = await stripe.charges.create(
        {
          amount: row.fee_cents,
          currency: 'usd',
          source: row.account_id,
          description: 'Brigade instant payout fee',
          metadata: { instant_payout_id: row.id, chef_id: row.chef_id },
        },
        { idempotencyKey: `payout:${row.id}:fee` },
      );
    } catch (err) {
      if (isProviderOutage(err) || !(err instanceof Stripe.errors.StripeError)) throw err;
      await failWithoutMoney(ctx, row, err);
      return err.code ?? 'refused';
    }
    await inTransaction(ctx, async (tx) => {
      await setPayoutProviderId(ctx.database, tx, row!.id, 'fee_debit_id', debit.id);
      await insertPayoutEntry(ctx.database, tx, {
        payout_id: row!.id,
        user_id: row!.chef_id,
        kind: 'payout_fee',
        amount_cents: debit.amount,
        provider_id: debit.id,
      });
    });
    row = (await payoutById(ctx.database, id))!;
  }
  if (row.status === 'pending' && !row.provider_payout_id) {
    let payout: Stripe.Payout;
    try {
      const cards = await stripe.accounts.listExternalAccounts(row.account_id, { object: 'card', limit: 10 });
      const card = (cards.data as Stripe.Card[]).find((c) =>
        (c.available_payout_methods ?? []).includes('instant'),
      );
      payout = await stripe.payouts.create(
        {
          amount: row.net_cents,
          currency: 'usd',
          method: 'instant',
          ...(card ? { destination: card.id } : {}),
          metadata: { instant_payout_id: row.id, chef_id: row.chef_id },
        },
        { stripeAccount: row.account_id, idempotencyKey: `payout:${row.id}:payout` },
      );
    } catch (err) {
      if (isProviderOutage(err) || !(err instanceof Stripe.errors.StripeError)) throw err;
      await inTransaction(ctx, (tx) =>
        failPayout(ctx, tx, row!, { code: err.code ?? null, message: err.message || FEE_RETURN_TEXT }),
      );
      await returnFee(ctx, id);
      return err.code ?? 'refused';
    }
    await inTransaction(ctx, async (tx) => {
      await setPayoutProviderId(ctx.database, tx, row!.id, 'provider_payout_id', payout.id);
      if (payout.status === 'paid' || payout.status === 'failed' || payout.status === 'canceled')
        await applyPayoutOutcome(ctx, tx, { payout, account: row!.account_id }, PROVIDER_CALL);
    });
    row = (await payoutById(ctx.database, id))!;
  } else if (row.status === 'pending' && row.provider_payout_id) {
    // The outcome's webhook has not come (or was lost): ask the provider.
    const payout = await stripe.payouts.retrieve(
      row.provider_payout_id,
      {},
      { stripeAccount: row.account_id },
    );
    if (payout.status !== 'pending' && payout.status !== 'in_transit')
      await inTransaction(ctx, (tx) =>
        applyPayoutOutcome(ctx, tx, { payout, account: row!.account_id }, PROVIDER_CALL),
      );
    row = (await payoutById(ctx.database, id))!;
  }
  if (row.status === 'failed') await returnFee(ctx, id);
  return null;
}

/** The fee was refused before anything moved: the payout fails with the provider's words. */
async function failWithoutMoney(ctx: PaymentsContext, row: PayoutRow, err: Stripe.errors.StripeError) {
  await inTransaction(ctx, (tx) =>
    failPayout(ctx, tx, row, { code: err.code ?? null, message: err.message || FEE_RETURN_TEXT }),
  );
}

async function failPayout(
  ctx: PaymentsContext,
  tx: Executor,
  row: PayoutRow,
  failure: { code: string | null; message: string },
) {
  if (
    !(await finishPayout(ctx.database, tx, row.id, {
      status: 'failed',
      failure_code: failure.code,
      failure_message: failure.message,
    }))
  )
    return false;
  await appendEvent(ctx.database, tx, 'payments.instant_payout.failed.v1', {
    payout_id: row.id,
    chef_id: row.chef_id,
    amount_cents: row.amount_cents,
    fee_cents: row.fee_cents,
    net_cents: row.net_cents,
    provider_payout_id: row.provider_payout_id,
    failure_code: failure.code,
    failure_message: failure.message,
  });
  return true;
}

/** A failed payout's collected fee goes back to the account (a transfer, once: `payout:{id}:fee_return`). */
export async function returnFee(ctx: PaymentsContext, id: string) {
  const row = await payoutById(ctx.database, id);
  if (!row || row.status !== 'failed' || !row.fee_debit_id || row.fee_returned_id) return;
  const transfer = await ctx.stripe.get().transfers.create(
    {
      amount: row.fee_cents,
      currency: 'usd',
      destination: row.account_id,
      description: 'Brigade instant payout fee returned',
      metadata: { instant_payout_id: row.id, chef_id: row.chef_id, kind: 'payout_fee_returned' },
    },
    { idempotencyKey: `payout:${row.id}:fee_return` },
  );
  await inTransaction(ctx, async (tx) => {
    await setPayoutProviderId(ctx.database, tx, row.id, 'fee_returned_id', transfer.id);
    await insertPayoutEntry(ctx.database, tx, {
      payout_id: row.id,
      user_id: row.chef_id,
      kind: 'payout_fee_returned',
      amount_cents: transfer.amount,
      provider_id: transfer.id,
    });
  });
}

/**
 * The provider's payout (retrieved on the connected account): applied only to the payout payments made on that
 * account, for its net amount. Paid books the payout's entry; failed (or canceled) fails the row and returns the
 * fee after the commit. A payout payments does not know, on another account, of another amount, or one the
 * provider says is still on its way, is an anomaly and moves nothing.
 */
export async function applyPayoutOutcome(
  ctx: PaymentsContext,
  tx: Executor,
  current: { payout: Stripe.Payout; account: string | null },
  source: MoneySource,
): Promise<unknown> {
  const { payout, account } = current;
  let row = await payoutByProviderId(ctx.database, tx, payout.id);
  // The outcome can come before payments recorded the payout's id (Stripe answered, then the event overtook the
  // record): the provider's own copy names our payout in its metadata, on the account we made it on.
  const ours = payout.metadata?.instant_payout_id;
  if (!row && ours && /^[0-9a-f-]{36}$/i.test(ours)) {
    const candidate = await payoutById(ctx.database, ours, tx, true);
    if (candidate && candidate.account_id === account && candidate.provider_payout_id === null) {
      await setPayoutProviderId(ctx.database, tx, candidate.id, 'provider_payout_id', payout.id);
      row = { ...candidate, provider_payout_id: payout.id };
    }
  }
  if (!row || row.account_id !== account)
    return reportAnomaly(ctx, tx, source, {
      reason: 'unknown_payout',
      objectId: payout.id,
      details: { account },
    });
  if (payout.amount !== row.net_cents || payout.currency !== 'usd')
    return reportAnomaly(ctx, tx, source, {
      reason: 'amount_mismatch',
      objectId: payout.id,
      details: { expected_cents: row.net_cents, provider_cents: payout.amount },
    });
  if (payout.status === 'paid') {
    if (!(await finishPayout(ctx.database, tx, row.id, { status: 'paid' }))) return 'duplicate';
    await insertPayoutEntry(ctx.database, tx, {
      payout_id: row.id,
      user_id: row.chef_id,
      kind: 'payout',
      amount_cents: payout.amount,
      provider_id: payout.id,
    });
    await appendEvent(ctx.database, tx, 'payments.instant_payout.paid.v1', {
      payout_id: row.id,
      chef_id: row.chef_id,
      amount_cents: row.amount_cents,
      fee_cents: row.fee_cents,
      net_cents: row.net_cents,
      provider_payout_id: payout.id,
    });
    return 'recorded';
  }
  if (payout.status === 'failed' || payout.status === 'canceled') {
    const failed = await failPayout(ctx, tx, row, {
      code: payout.failure_code ?? null,
      message: payout.failure_message ?? FEE_RETURN_TEXT,
    });
    if (failed && row.fee_debit_id)
      onCommit(tx, () => {
        returnFee(ctx, row.id).catch((err: unknown) =>
          ctx.logger.warn({ err: (err as Error).message, payout: row.id }, 'fee return left for the sweep'),
        );
      });
    return failed ? 'recorded' : 'duplicate';
  }
  // The event says it landed or failed; the provider says it is still on its way.
  return reportAnomaly(ctx, tx, source, {
    reason: 'payout_not_final',
    objectId: payout.id,
    details: { provider_status: payout.status },
  });
}
