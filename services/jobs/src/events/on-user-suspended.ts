import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applySuspension, liftSuspension } from '../use-cases/apply-suspension';

/** An operator suspended a user: their applications and shifts are unwound by the usual rules. */
export const onUserSuspended: EventHandlerOf<JobsContext, 'identity.user.suspended.v1'> = (ctx, tx, data) =>
  applySuspension(ctx, tx, data);

/** An operator reinstated a user: shifts may be offered to them again. */
export const onUserReinstated: EventHandlerOf<JobsContext, 'identity.user.reinstated.v1'> = (ctx, tx, data) =>
  liftSuspension(ctx, tx, data);
