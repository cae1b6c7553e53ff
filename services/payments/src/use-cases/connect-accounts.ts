import type Stripe from 'stripe';
import { appendEvent, onCommit, sql, type AuthUser, type Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { PROVIDER_CALL, type MoneySource } from '../domain/anomaly';
import { accountNotFound } from '../domain/errors';
import { interactive } from '../stripe/client';
import { reportAnomaly } from './report-anomaly';
import { providerError } from './start-escrow-payment';

interface AccountRow {
  user_id: string;
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  currently_due: string[] | string;
}

async function accountOf(ctx: PaymentsContext, userId: string): Promise<AccountRow | null> {
  const [row] = await ctx.database.rows<AccountRow>(
    sql`select user_id, account_id, charges_enabled, payouts_enabled, currently_due from ${sql.raw(ctx.database.schema)}.connected_accounts where user_id = ${userId}`,
  );
  return row ?? null;
}

const dueList = (value: string[] | string): string[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) ?? [];

/** `POST /payments/connect/create-account`: one Express account per user; asking again returns it. */
export async function createConnectedAccount(ctx: PaymentsContext, user: AuthUser) {
  const existing = await accountOf(ctx, user.id);
  if (existing) return { account_id: existing.account_id };
  const [profile] = await ctx.database.rows<{ email: string }>(
    sql`select email from ${sql.raw(ctx.database.schema)}.users where user_id = ${user.id}`,
  );
  const account = await ctx.stripe
    .get()
    .accounts.create(
      {
        type: 'express',
        country: 'US',
        ...(profile?.email ? { email: profile.email } : {}),
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
  await ctx.database.transaction(async (tx) => {
    await tx.execute(
      sql`insert into ${sql.raw(ctx.database.schema)}.connected_accounts (user_id, account_id, user_type, charges_enabled, payouts_enabled, details_submitted, currently_due)
          values (${user.id}, ${account.id}, ${user.type}, ${account.charges_enabled}, ${account.payouts_enabled}, ${account.details_submitted}, ${JSON.stringify(account.requirements?.currently_due ?? [])}::jsonb)
          on conflict (user_id) do nothing`,
    );
  });
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
    const changed = await ctx.database.transaction((tx) =>
      syncAccount(ctx, tx, current as Stripe.Account, user.id),
    );
    if (changed) ctx.relay.kick();
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
  const s = sql.raw(ctx.database.schema);
  const due = account.requirements?.currently_due ?? [];
  const [before] = await ctx.database.rows<AccountRow>(
    sql`select user_id, account_id, charges_enabled, payouts_enabled, currently_due from ${s}.connected_accounts where account_id = ${account.id} for update`,
    tx,
  );
  const userId: string | undefined = before?.user_id ?? knownUserId ?? account.metadata?.user_id;
  if (!before) {
    const [user] = userId
      ? await ctx.database.rows<{ user_type: string }>(
          sql`select user_type from ${s}.users where user_id = ${userId}`,
          tx,
        )
      : [];
    const inserted = user
      ? await ctx.database.rows(
          sql`insert into ${s}.connected_accounts (user_id, account_id, user_type) values (${userId}, ${account.id}, ${user.user_type}) on conflict do nothing returning user_id`,
          tx,
        )
      : [];
    if (inserted.length === 0) {
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
  await tx.execute(
    sql`update ${s}.connected_accounts set charges_enabled = ${account.charges_enabled}, payouts_enabled = ${account.payouts_enabled},
        details_submitted = ${account.details_submitted ?? false}, currently_due = ${JSON.stringify(due)}::jsonb, updated_at = now()
        where account_id = ${account.id}`,
  );
  await appendEvent(ctx.database, tx, 'payments.payout_account.updated.v1', {
    user_id: userId!,
    account_id: account.id,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    currently_due: due,
  });
  if (account.payouts_enabled) {
    await tx.execute(
      sql`update ${s}.money_tasks set next_attempt_at = now() where destination_user_id = ${userId} and status = 'pending'`,
    );
    onCommit(tx, () => ctx.kickMoneyTasks());
  }
  return true;
}
