import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordPayoutAccount } from '../use-cases/record-read-models';

/** Read model of payout accounts: accepting a chef needs payouts_enabled. */
export const onPayoutAccountUpdated: EventHandlerOf<JobsContext, 'payments.payout_account.updated.v1'> = (
  ctx,
  tx,
  data,
  event,
) => recordPayoutAccount(ctx, tx, data, event.occurred_at);
