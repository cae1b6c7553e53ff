import type Stripe from 'stripe';
import { appendEvent, inTransaction, onCommit, type AuthUser, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import {
  accountOfUser,
  insertAccount,
  linkAccount,
  lockAccount,
  updateAccountState,
} from '../db/connected-accounts.repository';
import { wakeTasksOf } from '../db/money-tasks.repository';
import { emailOf, userTypeOf } from '../db/users.repository';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { accountNotFound } from '../domain/errors';
import { interactive, providerError } from '../adapters/stripe';
import { reportAnomaly } from './report-anomaly';

const accountOf = (ctx: PaymentsContext, userId: string) => accountOfUser(ctx.database, userId);

const dueList = (value: string[] | string): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) ?? [];

/** `POST /payments/connect/create-account`: one Express account per user; asking again returns it. */
export async function createConnectedAccount(ctx: PaymentsContext, user: AuthUser) {
  const existing = await accountOf(ctx, user.id);
  if (existing) return { account_id: existing.account_id };
  const email = await emailOf(ctx.database, user.id);
  const account = await ctx.stripe
    .get()
    .accounts.create(
      {
        type: 'express',
        country: 'US',
        ...(email ? { email } : {}),
        business_type: user.type === 'restaurant' ? 'company' : 'individual',
        capabilities:
          user.type === 'restaurant'
            ? { card_payments: { requested: true }, transfers: { requested: true } }
            : { transfers: { requested: true } },
        metadata: { user_id: user.id, user_type: user.type },
      },
      interactive(ctx.config, `user:${user.id}:connect_account`),
    )
    .catch(providerError);
  await inTransaction(ctx, (tx) =>
    insertAccount(ctx.database, tx, {
      user_id: user.id,
      account_id: account.id,
      user_type: user.type,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      details_submitted: account.details_submitted,
      currently_due: account.requirements?.currently_due ?? [],
    }),
  );
  const saved = await accountOf(ctx, user.id);
  return { account_id: saved!.account_id };
}

/** `POST /payments/connect/onboarding-link`: a hosted onboarding url for the caller's own account. */
export async function createOnboardingLink(ctx: PaymentsContext, user: AuthUser, accountId: string) {
  const account = await accountOf(ctx, user.id);
  if (!account || account.account_id !== accountId) throw accountNotFound();
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  const link = await ctx.stripe
    .get()
    .accountLinks.create(
      {
        account: accountId,
        type: 'account_onboarding',
        return_url: `${base}/payments/stripe/onboarding-complete?setup=complete`,
        refresh_url: `${base}/payments/stripe/onboarding-refresh`,
      },
      // Links are short-lived: one per account and minute, so a double click gets the same link.
      interactive(ctx.config, `account:${accountId}:link:${Math.floor(Date.now() / 60_000)}`),
    )
    .catch(providerError);
  return { url: link.url };
}

/** `GET /payments/connect/account-status`: read from Stripe (and kept in sync locally); no account is all false. */
export async function accountStatus(ctx: PaymentsContext, user: AuthUser) {
  const account = await accountOf(ctx, user.id);
  if (!account)
    return {
      account_id: null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: { currently_due: [] as string[] },
    };
  let current: Pick<Stripe.Account, 'id' | 'charges_enabled' | 'payouts_enabled' | 'details_submitted'> & {
    requirements?: { currently_due?: string[] | null } | null;
  };
  try {
    current = await ctx.stripe.get().accounts.retrieve(account.account_id, {}, interactive(ctx.config));
    await inTransaction(ctx, (tx) => syncAccount(ctx, tx, current as Stripe.Account, user.id));
  } catch (err) {
    ctx.logger.warn(
      { err: (err as Error).message },
      'account status from the local copy (Stripe unavailable)',
    );
    current = {
      id: account.account_id,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      details_submitted: false,
      requirements: { currently_due: dueList(account.currently_due) },
    };
  }
  return {
    account_id: current.id,
    charges_enabled: current.charges_enabled,
    payouts_enabled: current.payouts_enabled,
    details_submitted: current.details_submitted,
    requirements: { currently_due: current.requirements?.currently_due ?? [] },
  };
}

/**
 * Store an account's state, as the provider returned it (a status read, or a retrieve made because an
 * `account.updated` webhook named the account). When it changed, publish `payments.payout_account.updated.v1`
 * (the jobs service lets a restaurant accept a chef once payouts are enabled) and wake any payout that was waiting
 * for this chef's account. An account payments does not know is accepted only when the provider's own metadata
 * names a user payments knows who has no account yet (the webhook can arrive before create-account stored the
 * id); anything else is an anomaly.
 */
export async function syncAccount(
  ctx: PaymentsContext,
  tx: Executor,
  account: Stripe.Account,
  knownUserId?: string,
  source: MoneySource = PROVIDER_CALL,
): Promise<boolean> {
  const { database } = ctx;
  const due = account.requirements?.currently_due ?? [];
  const before = await lockAccount(database, tx, account.id);
  const userId: string | undefined = before?.user_id ?? knownUserId ?? account.metadata?.user_id;
  if (!before) {
    const userType = userId ? await userTypeOf(database, userId, tx) : null;
    const inserted =
      userId && userType
        ? await linkAccount(database, tx, { user_id: userId, account_id: account.id, user_type: userType })
        : false;
    if (!inserted) {
      await reportAnomaly(ctx, tx, source, {
        reason: 'unknown_account',
        objectId: account.id,
        details: { user_id: userId ?? null },
      });
      return false;
    }
  }
  const same =
    before &&
    before.charges_enabled === account.charges_enabled &&
    before.payouts_enabled === account.payouts_enabled &&
    JSON.stringify(dueList(before.currently_due)) === JSON.stringify(due);
  if (same) return false;
  await updateAccountState(database, tx, {
    account_id: account.id,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted ?? false,
    currently_due: due,
  });
  await appendEvent(database, tx, 'payments.payout_account.updated.v1', {
    user_id: userId!,
    account_id: account.id,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    currently_due: due,
  });
  if (account.payouts_enabled) {
    await wakeTasksOf(database, tx, userId!);
    onCommit(tx, () => ctx.kickMoneyTasks());
  }
  return true;
}
