import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import { setStripeAccount } from '../db/users.repository';

/** Keep the connected-account id on the user (the spec shows it on the restaurant profile). */
export async function linkPayoutAccount(tx: Tx, account: EventData<'payments.payout_account.updated.v1'>) {
  await setStripeAccount(tx, account.user_id, account.account_id);
}
