import { eq } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { users } from './schema';

/** Keep the Stripe connected-account id on the user. */
export async function setStripeAccount(tx: Executor, userId: string, accountId: string) {
  await tx.update(users).set({ stripeAccountId: accountId }).where(eq(users.id, userId));
}
