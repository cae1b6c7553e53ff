import { recordProfile } from '../db/read-model.repository';
import type { Handler } from './handler';

/** The chef's name (texts to restaurants) and city (urgent shifts of that city). */
export const onChefProfileUpdated: Handler<'identity.chef_profile.updated.v1'> = async (ctx, tx, d) => {
  await recordProfile(ctx.database, tx, {
    user_id: d.user_id,
    profile_id: d.profile_id,
    user_type: 'chef',
    name: d.name,
    city: d.city,
    address: null,
    language: d.language_preference,
  });
};
