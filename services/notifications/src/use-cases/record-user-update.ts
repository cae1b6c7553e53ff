import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordUserUpdate } from '../db/read-model.repository';

/** Phone verified or language changed: texts from now on go there, in that language. */
export async function recordUserChange(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'identity.user.updated.v1'>,
): Promise<void> {
  await recordUserUpdate(ctx.database, tx, d);
}
