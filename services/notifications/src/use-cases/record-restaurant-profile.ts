import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordProfile } from '../db/read-model.repository';
import { raiseInboxesShowing } from './raise-inboxes-showing';

/** The restaurant's name and address (texts to chefs) and city (whom an urgent shift goes to, time zone). */
export async function recordRestaurantProfile(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'identity.restaurant_profile.updated.v1'>,
): Promise<void> {
  const change = await recordProfile(ctx.database, tx, {
    user_id: d.user_id,
    profile_id: d.profile_id,
    user_type: 'restaurant',
    name: d.name,
    city: d.city,
    address: d.address || null,
    language: d.language_preference,
  });
  await raiseInboxesShowing(ctx, tx, d.user_id, change);
}
