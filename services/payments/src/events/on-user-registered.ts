import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { recordUser } from '../use-cases/record-user';

/** Email and user type of every user (the Stripe account's and the receipt's email). */
export const onUserRegistered: EventHandlerOf<PaymentsContext, 'identity.user.registered.v1'> = (
  ctx,
  tx,
  data,
) => recordUser(ctx, tx, data);
