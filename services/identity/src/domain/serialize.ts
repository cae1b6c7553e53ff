import { cityCentre, type identityHttp, type opsHttp, presentTranslation } from '@brigade/contracts';
import type { ChefProfileRecord, OperatorRecord, RestaurantProfileRecord, UserRecord } from './records';

type User = import('zod').infer<typeof identityHttp.User>;
type ChefProfile = import('zod').infer<typeof identityHttp.ChefProfile>;
type RestaurantProfile = import('zod').infer<typeof identityHttp.RestaurantProfile>;

export function toUser(row: UserRecord & { admin?: boolean }): User {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    user_type: row.userType,
    language_preference: row.languagePreference,
    phone_verified: row.phoneVerified,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
    ...(row.userType === 'operator' ? { admin: row.admin === true } : {}),
  };
}

/** A profile's average rating from its sum and count, to two places; null before the first rating. */
export const average = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);

/**
 * A chef profile as anyone may read it, without its reliability record (added by `attachReliability`): placed
 * at the city's centre, whatever the chef's home (issue 32: the home is private, see `toOwnChefProfile`).
 */
export function toChefProfile(row: ChefProfileRecord): Omit<ChefProfile, 'reliability'> {
  const centre = cityCentre(row.city);
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    bio: row.bio,
    city: row.city,
    state: row.state,
    latitude: centre ? centre.lat : row.latitude,
    longitude: centre ? centre.lon : row.longitude,
    travel_radius: row.travelRadius,
    skills: row.skills,
    availability: row.availability as ChefProfile['availability'],
    profile_image_url: row.profileImageUrl,
    hourly_rate_min: row.hourlyRateMin === null ? null : Number(row.hourlyRateMin),
    average_rating: average(row.ratingSum, row.totalRatings),
    total_ratings: row.totalRatings,
    languages: row.languages,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The chef's own profile (their answers only: GET /profiles/me, their saves): their place as it is (their home
 * when they gave one) and what it is (`home`).
 */
export function toOwnChefProfile(row: ChefProfileRecord): Omit<ChefProfile, 'reliability'> {
  const home = row.homeSource ? { source: row.homeSource, zip: row.homeZip ?? null } : null;
  return { ...toChefProfile(row), latitude: row.latitude, longitude: row.longitude, home };
}

export function toRestaurantProfile(
  row: RestaurantProfileRecord,
  stripeAccountId: string | null = null,
): Omit<RestaurantProfile, 'reliability'> {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    operating_hours: row.operatingHours as RestaurantProfile['operating_hours'],
    cuisine_types: row.cuisineTypes,
    logo_url: row.logoUrl,
    average_rating: average(row.ratingSum, row.totalRatings),
    total_ratings: row.totalRatings,
    stripe_account_id: stripeAccountId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    description_translation: presentTranslation(row.descriptionTranslation),
  };
}

/**
 * The restaurant's own profile (its answers only: GET /profiles/me, its saves; issue 34): whether its place is a
 * pin it set at the restaurant, when and how precisely. Chefs need not know: they clock in however it allows.
 */
export function toOwnRestaurantProfile(
  row: RestaurantProfileRecord,
  stripeAccountId: string | null = null,
): Omit<RestaurantProfile, 'reliability'> {
  const pinned = row.locationPinnedAt != null && row.locationAccuracyM != null;
  return {
    ...toRestaurantProfile(row, stripeAccountId),
    location_pinned: pinned,
    location_pin: pinned
      ? { pinned_at: row.locationPinnedAt!.toISOString(), accuracy_m: row.locationAccuracyM! }
      : null,
  };
}

type OpsUser = import('zod').infer<typeof opsHttp.OpsUser>;

/** A user as the operators' console shows it (any account type), with the suspension if there is one. */
export function toOpsUser(row: UserRecord, name: string | null): OpsUser {
  return {
    ...toUser(row),
    name,
    suspension:
      row.suspendedAt && row.suspendedBy
        ? {
            reason: row.suspensionReason ?? '',
            suspended_at: row.suspendedAt.toISOString(),
            operator_id: row.suspendedBy,
          }
        : null,
  };
}

type OpsOperator = import('zod').infer<typeof opsHttp.OpsOperator>;

/** An operator as the console's Operators page shows them (issue 33). */
export function toOpsOperator(row: OperatorRecord): OpsOperator {
  const { suspension } = toOpsUser(row, null);
  return {
    id: row.id,
    email: row.email,
    admin: row.admin,
    created_at: row.createdAt.toISOString(),
    suspension,
    password_change_required: row.passwordChangeRequired,
    totp_enrolled: row.totpConfirmedAt !== null,
  };
}
