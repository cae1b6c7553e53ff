import type { AuthUser } from '@brigade/kit';
import type { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { savedCardOf, type SavedCardRow } from '../db/saved-cards.repository';

/** A saved card as the restaurant sees it: brand, last four and expiry (never the provider's ids). */
export const savedCardView = (card: SavedCardRow | null): paymentsHttp.SavedCard | null =>
  card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year } : null;

/** `GET /payments/saved-card` (and the answer after a confirm or a removal): the restaurant's card, or null. */
export async function getSavedCard(ctx: PaymentsContext, user: AuthUser) {
  return { card: savedCardView(await savedCardOf(ctx.database, user.id)) };
}
