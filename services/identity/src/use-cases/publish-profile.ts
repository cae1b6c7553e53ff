import { appendEvent, type Tx } from '@brigade/kit';
import { chefProfileOfUser, restaurantProfileOfUser } from '../db/profiles.repository';
import { findUser } from '../db/users.repository';
import { toOwnChefProfile, toOwnRestaurantProfile } from '../domain/serialize';
import type { IdentityContext } from '../context';

/** Publish the current state of a user's profile (if any) so other services' read models follow it. */
export async function publishProfile(ctx: IdentityContext, tx: Tx, userId: string) {
  const user = await findUser(tx, userId);
  if (!user) return;
  if (user.userType === 'chef') {
    const row = await chefProfileOfUser(tx, userId);
    if (!row) return;
    // The chef's own place (their home when they gave one): jobs measures their openings from it.
    const p = toOwnChefProfile(row);
    await appendEvent(ctx.database, tx, 'identity.chef_profile.updated.v1', {
      profile_id: p.id,
      user_id: p.user_id,
      name: p.name,
      bio: p.bio,
      city: p.city,
      state: p.state,
      latitude: p.latitude,
      longitude: p.longitude,
      travel_radius: p.travel_radius,
      skills: p.skills,
      profile_image_url: p.profile_image_url,
      hourly_rate_min: p.hourly_rate_min,
      average_rating: p.average_rating,
      total_ratings: p.total_ratings,
      language_preference: user.languagePreference,
      home: p.home != null,
      languages: p.languages,
      // issue 37: jobs texts new shifts only to chefs available then
      availability: p.availability,
    });
  } else {
    const row = await restaurantProfileOfUser(tx, userId);
    if (!row) return;
    const p = toOwnRestaurantProfile(row);
    await appendEvent(ctx.database, tx, 'identity.restaurant_profile.updated.v1', {
      profile_id: p.id,
      user_id: p.user_id,
      name: p.name,
      description: p.description,
      address: p.address,
      city: p.city,
      state: p.state,
      latitude: p.latitude,
      longitude: p.longitude,
      zip: p.zip,
      location_pinned: p.location_pinned === true,
      logo_url: p.logo_url,
      cuisine_types: p.cuisine_types,
      average_rating: p.average_rating,
      total_ratings: p.total_ratings,
      language_preference: user.languagePreference,
    });
  }
}
