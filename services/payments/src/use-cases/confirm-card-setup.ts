import { inTransaction, type AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findSetupIntent, savedCardOf } from '../db/saved-cards.repository';
import { setupNotComplete, setupNotFound } from '../domain/errors';
import { interactive, providerError } from '../adapters/stripe';
import { savedCardView } from '../queries/get-saved-card';
import { detachOtherCards } from './detach-cards';
import { fetchSetup, recordCardSetup } from './record-card-setup';

/**
 * `POST /payments/saved-card/confirm`: the card form confirmed the SetupIntent; payments asks the provider and
 * records the card. Someone else's SetupIntent (or one payments never made) is a 404, whatever its state.
 */
export async function confirmCardSetup(ctx: PaymentsContext, user: AuthUser, setupIntentId: string) {
  const mine = await findSetupIntent(ctx.database, setupIntentId);
  if (!mine || mine.restaurant_id !== user.id) throw setupNotFound();
  const facts = await fetchSetup(ctx.stripe.get(), setupIntentId, interactive(ctx.config)).catch(
    providerError,
  );
  if (facts.setupIntent.status !== 'succeeded') throw setupNotComplete(facts.setupIntent.status);
  await inTransaction(ctx, (tx) => recordCardSetup(ctx, tx, facts));
  const current = await savedCardOf(ctx.database, user.id);
  // Cards it replaces leave the Customer at the provider (best effort: the next setup tries again).
  if (current)
    await detachOtherCards(ctx, current).catch((err: unknown) =>
      ctx.logger.warn({ err, customer: current.customer_id }, 'could not detach the replaced cards'),
    );
  return { card: savedCardView(current) };
}
