import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applySuspension } from '../use-cases/apply-suspension';

/** An operator suspended a user: their applications and shifts are unwound by the usual rules. */
export const onUserSuspended: EventHandlerOf<JobsContext, 'identity.user.suspended.v1'> = (ctx, tx, data) =>
  applySuspension(ctx, tx, data);
