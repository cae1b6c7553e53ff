import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordUserUpdate } from '../db/read-model.repository';
import { raiseInboxesShowing } from './raise-inboxes-showing';

/** Phone verified or language changed: texts from now on go there, in that language. */
export async function recordUserChange(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'identity.user.updated.v1'>,
): Promise<void> {
  await raiseInboxesShowing(ctx, tx, d.user_id, await recordUserUpdate(ctx.database, tx, d));
}
