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

/** `GET /payments/receipts`: the calling restaurant's receipts, read from the ledger (only its own shifts). */
export async function getReceipts(
  ctx: PaymentsContext,
  restaurant: AuthUser,
): Promise<paymentsHttp.ReceiptsResponse> {
  return receiptsOf(await shiftsOfRestaurant(ctx.database, restaurant.id));
}
