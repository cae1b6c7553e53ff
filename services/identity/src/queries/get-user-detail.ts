import { isUuid } from '@brigade/kit';
import { findUser } from '../db/users.repository';
import { profileNames } from '../db/accounts.repository';
import { IdentityErrors } from '../domain/errors';
import { toOpsUser } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { withChefReliability, withRestaurantReliability } from './attach-reliability';
import { getChefProfile, getRestaurantProfile } from './get-profiles';

/**
 * One user for the operators: the account (with its suspension), the profile as the marketplace shows it
 * (null when not set up, and for operators) and the reliability record (also without a profile).
 */
export async function getUserDetail(ctx: IdentityContext, userId: string) {
  if (!isUuid(userId)) throw IdentityErrors.userNotFound();
  const row = await findUser(ctx.database.db, userId);
  if (!row) throw IdentityErrors.userNotFound();
  const names = await profileNames(ctx.database.db, [row.id]);
  const user = toOpsUser(row, names.get(row.id) ?? null);
  if (row.userType === 'operator') return { user, profile: null, reliability: null };
  const hasProfile = names.has(row.id);
  if (row.userType === 'chef') {
    const profile = hasProfile ? (await getChefProfile(ctx, row.id)).profile : null;
    const [{ reliability }] = await withChefReliability(ctx, [{ user_id: row.id }]);
    return { user, profile, reliability };
  }
  const profile = hasProfile ? (await getRestaurantProfile(ctx, row.id)).profile : null;
  const [{ reliability }] = await withRestaurantReliability(ctx, [{ user_id: row.id }]);
  return { user, profile, reliability };
}
