import type { EventHandlerOf } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { linkPayoutAccount } from '../use-cases/link-payout-account';

/** Keep the connected-account id on the user (the spec shows it on the restaurant profile). */
export const onPayoutAccountUpdated: EventHandlerOf<IdentityContext, 'payments.payout_account.updated.v1'> = (
  _ctx,
  tx,
  data,
) => linkPayoutAccount(tx, data);
