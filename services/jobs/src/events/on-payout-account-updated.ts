import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { upsertPayoutAccount } from '../db/read-models.repository';

/** Read model of payout accounts: accepting a chef needs payouts_enabled. */
export function onPayoutAccountUpdated(_ctx: JobsContext) {
  return async (tx: Tx, data: EventData<'payments.payout_account.updated.v1'>, event: EventEnvelope) => {
    await upsertPayoutAccount(tx, data, event.occurred_at);
  };
}
