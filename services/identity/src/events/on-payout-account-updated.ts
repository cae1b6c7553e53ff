import { eq } from 'drizzle-orm';
import type { TypedHandler } from '@brigade/kit';
import { users } from '../db/schema';

/** Keep the connected-account id on the user (the spec shows it on the restaurant profile). */
export const onPayoutAccountUpdated: TypedHandler<'payments.payout_account.updated.v1'> = async (
  tx,
  data,
) => {
  await tx.update(users).set({ stripeAccountId: data.account_id }).where(eq(users.id, data.user_id));
};
