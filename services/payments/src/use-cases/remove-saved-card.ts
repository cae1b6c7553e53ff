import type { AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { deleteSavedCard, savedCardOf } from '../db/saved-cards.repository';
import { getSavedCard } from '../queries/get-saved-card';
import { detachCard } from './detach-cards';

/** `DELETE /payments/saved-card`: detached from the Customer at the provider, then forgotten. */
export async function removeSavedCard(ctx: PaymentsContext, user: AuthUser) {
  const card = await savedCardOf(ctx.database, user.id);
  if (card) {
    await detachCard(ctx, card.payment_method_id);
    await deleteSavedCard(ctx.database, user.id, card.payment_method_id);
  }
  return getSavedCard(ctx, user);
}
