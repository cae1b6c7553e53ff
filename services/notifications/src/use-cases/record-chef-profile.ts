import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordProfile } from '../db/read-model.repository';
import { raiseInboxesShowing } from './raise-inboxes-showing';

/** The chef's name (texts to restaurants) and city (urgent shifts of that city). */
export async function recordChefProfile(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'identity.chef_profile.updated.v1'>,
): Promise<void> {
  const change = await recordProfile(ctx.database, tx, {
    user_id: d.user_id,
    profile_id: d.profile_id,
    user_type: 'chef',
    name: d.name,
    city: d.city,
    address: null,
    language: d.language_preference,
  });
  await raiseInboxesShowing(ctx, tx, d.user_id, change);
}
