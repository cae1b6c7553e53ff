import { recordProfile } from '../db/read-model.repository';
import type { Handler } from './handler';

/** The restaurant's name and address (texts to chefs) and city (whom an urgent shift goes to, time zone). */
export const onRestaurantProfileUpdated: Handler<'identity.restaurant_profile.updated.v1'> = async (
  ctx,
  tx,
  d,
) => {
  await recordProfile(ctx.database, tx, {
    user_id: d.user_id,
    profile_id: d.profile_id,
    user_type: 'restaurant',
    name: d.name,
    city: d.city,
    address: d.address || null,
    language: d.language_preference,
  });
};
