import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applySuspension } from '../use-cases/apply-suspension';

/** An operator suspended a user: their applications and shifts are unwound by the usual rules. */
export function onUserSuspended(ctx: JobsContext) {
  return (tx: Tx, data: EventData<'identity.user.suspended.v1'>) => applySuspension(ctx, tx, data);
}
