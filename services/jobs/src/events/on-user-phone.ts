import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordUserPhone } from '../use-cases/record-read-models';

/** Read model of verified phones (issue 32): a booked shift's two sides reach each other without calling identity. */
export const onUserRegistered: EventHandlerOf<JobsContext, 'identity.user.registered.v1'> = (
  ctx,
  tx,
  data,
  event,
) => recordUserPhone(ctx, tx, { ...data, phone_verified: false }, event.occurred_at);

/** A phone verified (or the language changed): the verified phone as it is now. */
export const onUserUpdated: EventHandlerOf<JobsContext, 'identity.user.updated.v1'> = (
  ctx,
  tx,
  data,
  event,
) => recordUserPhone(ctx, tx, data, event.occurred_at);
