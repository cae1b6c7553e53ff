import type { identityHttp, opsHttp } from '@brigade/contracts';
import { presentTranslation } from './text-translation';
import type { ChefProfileRecord, RestaurantProfileRecord, UserRecord } from './records';

type User = import('zod').infer<typeof identityHttp.User>;
type ChefProfile = import('zod').infer<typeof identityHttp.ChefProfile>;
type RestaurantProfile = import('zod').infer<typeof identityHttp.RestaurantProfile>;

export function toUser(row: UserRecord): User {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    user_type: row.userType,
    language_preference: row.languagePreference,
    phone_verified: row.phoneVerified,
    created_at: row.createdAt.toISOString(),
  };
}

const average = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);

/** A chef profile without its reliability record (added by `attachReliability`; events do not carry it). */
export function toChefProfile(row: ChefProfileRecord): Omit<ChefProfile, 'reliability'> {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    bio: row.bio,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    travel_radius: row.travelRadius,
    skills: row.skills,
    availability: row.availability as ChefProfile['availability'],
    profile_image_url: row.profileImageUrl,
    hourly_rate_min: row.hourlyRateMin === null ? null : Number(row.hourlyRateMin),
    average_rating: average(row.ratingSum, row.totalRatings),
    total_ratings: row.totalRatings,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
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
