import { isUuid } from '@brigade/kit';
import {
  chefProfileOfUser,
  findChefProfile,
  findRestaurantProfile,
  restaurantProfileOfUser,
} from '../db/profiles.repository';
import { findUser } from '../db/users.repository';
import { isMemberRow } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import {
  toChefProfile,
  toOwnChefProfile,
  toOwnRestaurantProfile,
  toRestaurantProfile,
  toUser,
} from '../domain/serialize';
import type { IdentityContext } from '../context';
import { withChefReliability, withRestaurantReliability } from './attach-reliability';
import { withVerifiedCredentials } from './credential-views';

export async function getMe(ctx: IdentityContext, userId: string) {
  const user = await findUser(ctx.database.db, userId);
  if (!user) throw IdentityErrors.userNotFound();
  // An operator has no marketplace profile.
  if (!isMemberRow(user)) return { user: toUser(user), profile: null };
  return { user: toUser(user), profile: await ownProfile(ctx, userId, user.userType, user.stripeAccountId) };
}

async function ownProfile(
  ctx: IdentityContext,
  userId: string,
  type: 'chef' | 'restaurant',
  stripe: string | null,
) {
  if (type === 'chef') {
    const row = await chefProfileOfUser(ctx.database.db, userId);
    if (!row) return null;
    const [profile] = await withChefReliability(ctx, [toOwnChefProfile(row)]);
    return (await withVerifiedCredentials(ctx, [profile]))[0];
  }
  const row = await restaurantProfileOfUser(ctx.database.db, userId);
  return row ? (await withRestaurantReliability(ctx, [toOwnRestaurantProfile(row, stripe)]))[0] : null;
}

/** GET /profiles/{user_type}: the signed-in user's own profile of that type; 404 when there is none. */
export async function getOwnProfile(
  ctx: IdentityContext,
  user: { id: string; type: 'chef' | 'restaurant' },
  type: string,
) {
  const wanted = type === 'worker' ? 'chef' : type;
  if (wanted !== user.type) throw IdentityErrors.profileNotFound();
  const { profile } = await getMe(ctx, user.id);
  if (!profile) throw IdentityErrors.profileNotFound();
  return { profile };
}

/** A chef profile by profile id or by user id (links use either), as anyone may read it (no home). */
export async function getChefProfile(ctx: IdentityContext, id: string) {
  if (!isUuid(id)) throw IdentityErrors.chefNotFound();
  const row = await findChefProfile(ctx.database.db, id);
  if (!row) throw IdentityErrors.chefNotFound();
  const [withRecord] = await withChefReliability(ctx, [toChefProfile(row)]);
  const [profile] = await withVerifiedCredentials(ctx, [withRecord]);
  return { profile };
}

export async function getRestaurantProfile(ctx: IdentityContext, id: string) {
  if (!isUuid(id)) throw IdentityErrors.restaurantNotFound();
  const row = await findRestaurantProfile(ctx.database.db, id);
  if (!row) throw IdentityErrors.restaurantNotFound();
  const [profile] = await withRestaurantReliability(ctx, [toRestaurantProfile(row)]);
  return { profile };
}
