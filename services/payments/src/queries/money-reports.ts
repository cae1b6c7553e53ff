import type { AuthUser } from '@brigade/kit';
import type { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { shiftsOfChef, shiftsOfRestaurant } from '../db/money-reports.repository';
import { earningsOf, receiptsOf } from '../domain/money-reports';

/** `GET /payments/earnings`: the calling chef's earnings, read from the ledger (only their own shifts). */
export async function getEarnings(
  ctx: PaymentsContext,
  chef: AuthUser,
): Promise<paymentsHttp.EarningsResponse> {
  return earningsOf(await shiftsOfChef(ctx.database, chef.id), chef.id);
}

/**
 * `GET /payments/receipts`: the calling restaurant's receipts, read from the ledger (only its own shifts). Never
 * calls the provider: a charge recorded without its card (before migration 0009) shows its charge id and wakes
 * the card backfill, which names the card for the next read.
 */
export async function getReceipts(
  ctx: PaymentsContext,
  restaurant: AuthUser,
): Promise<paymentsHttp.ReceiptsResponse> {
  const receipts = receiptsOf(await shiftsOfRestaurant(ctx.database, restaurant.id));
  if (receipts.receipts.some((r) => !r.card.brand)) ctx.kickCardBackfill();
  return receipts;
}
