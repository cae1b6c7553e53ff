import { eq } from 'drizzle-orm';
import { sql, type Database, type Executor } from '@brigade/kit';
import { connectedAccounts } from './schema';

export interface AccountRow {
  user_id: string;
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  /** A JSON array (some drivers hand jsonb over as its text). */
  currently_due: string[] | string;
}

/** The user's connected account, or null. */
export async function accountOfUser(database: Database, userId: string): Promise<AccountRow | null> {
  const [row] = await database.db
    .select({
      user_id: connectedAccounts.userId,
      account_id: connectedAccounts.accountId,
      charges_enabled: connectedAccounts.chargesEnabled,
      payouts_enabled: connectedAccounts.payoutsEnabled,
      currently_due: connectedAccounts.currentlyDue,
    })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.userId, userId));
  return row ?? null;
}

/** The account as the provider created it; the first one stored for a user stays. */
export async function insertAccount(
  database: Database,
  tx: Executor,
  a: {
    user_id: string;
    account_id: string;
    user_type: string;
    charges_enabled: boolean;
    payouts_enabled: boolean;
    details_submitted: boolean;
    currently_due: string[];
  },
) {
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.connected_accounts (user_id, account_id, user_type, charges_enabled, payouts_enabled, details_submitted, currently_due)
        values (${a.user_id}, ${a.account_id}, ${a.user_type}, ${a.charges_enabled}, ${a.payouts_enabled}, ${a.details_submitted}, ${JSON.stringify(a.currently_due)}::jsonb)
        on conflict (user_id) do nothing`,
  );
}

/** The account with this provider id, locked for the caller's transaction, or null. */
export async function lockAccount(
  database: Database,
  tx: Executor,
  accountId: string,
): Promise<AccountRow | null> {
  const [row] = await database.rows<AccountRow>(
    sql`select user_id, account_id, charges_enabled, payouts_enabled, currently_due from ${sql.raw(database.schema)}.connected_accounts where account_id = ${accountId} for update`,
    tx,
  );
  return row ?? null;
}

/** Link a provider account to a user who has none yet; false when the user already has one. */
export async function linkAccount(
  database: Database,
  tx: Executor,
  a: { user_id: string; account_id: string; user_type: string },
): Promise<boolean> {
  const inserted = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.connected_accounts (user_id, account_id, user_type) values (${a.user_id}, ${a.account_id}, ${a.user_type}) on conflict do nothing returning user_id`,
    tx,
  );
  return inserted.length > 0;
}

/** Store the account's state as the provider returned it. */
export async function updateAccountState(
  database: Database,
  tx: Executor,
  a: {
    account_id: string;
    charges_enabled: boolean;
    payouts_enabled: boolean;
    details_submitted: boolean;
    currently_due: string[];
  },
) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.connected_accounts set charges_enabled = ${a.charges_enabled}, payouts_enabled = ${a.payouts_enabled},
        details_submitted = ${a.details_submitted}, currently_due = ${JSON.stringify(a.currently_due)}::jsonb, updated_at = now()
        where account_id = ${a.account_id}`,
  );
}

/** The chef's payout account (a transfer's destination), or null when they have none yet. */
export async function payoutAccountOf(
  database: Database,
  userId: string,
  tx?: Executor,
): Promise<{ account_id: string; payouts_enabled: boolean } | null> {
  const [row] = await database.rows<{ account_id: string; payouts_enabled: boolean }>(
    sql`select account_id, payouts_enabled from ${sql.raw(database.schema)}.connected_accounts where user_id = ${userId}`,
    tx,
  );
  return row ?? null;
}
