import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { upsertProfileName, upsertUser } from '../db/users.repository';

/** Email and user type of every user (the Stripe account's and the receipt's email), the latest kept. */
export async function recordUser(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'identity.user.registered.v1'>,
) {
  await upsertUser(ctx.database, tx, data);
}

/**
 * The name of a chef's or restaurant's profile (earnings name the restaurant, receipts the chef), and its city
 * (issue 38: its zone dates the restaurant's weekly statement and the chef's tax year).
 */
export async function recordProfileName(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'identity.chef_profile.updated.v1' | 'identity.restaurant_profile.updated.v1'>,
) {
  await upsertProfileName(ctx.database, tx, data);
}
