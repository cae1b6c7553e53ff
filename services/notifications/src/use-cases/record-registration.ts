import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordRegistration } from '../db/read-model.repository';
import { raiseInboxesShowing } from './raise-inboxes-showing';

export async function recordUserRegistration(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'identity.user.registered.v1'>,
): Promise<void> {
  await raiseInboxesShowing(ctx, tx, d.user_id, await recordRegistration(ctx.database, tx, d));
}
