import { inTransaction } from '@brigade/kit';
import { randomUUID } from 'node:crypto';
import {
  CITIES,
  DEFAULT_RESTAURANT_HOURS,
  zipIn,
  zipLocation,
  type CityName,
  type identityHttp,
} from '@brigade/contracts';
import type { z } from 'zod';
import { restaurantProfileOfUser, saveRestaurantProfileRow } from '../db/profiles.repository';
import { stripeAccountOf } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { toRestaurantProfile } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { announceDescription } from './announce-description';
import { publishProfile } from './publish-profile';
import { withRestaurantReliability } from './attach-reliability';
import { storeImage, type UploadedFile } from './store-image';

type Form = z.infer<typeof identityHttp.RestaurantProfileForm>;

/**
 * Create the restaurant profile (onboarding) or update it with whatever fields are sent (settings). The
 * merged result must hold the spec's rules: name, description, address and city; at least one cuisine.
 * Choosing a city sets its state and coordinates unless coordinates are sent. A ZIP of the city's area (the
 * `zip` field, else the one ending the address) places the restaurant at that ZIP's centre instead of its city's
 * (the distances chefs see), unless the coordinates sent say more than the city: the city picker sends the city's
 * own centre, which a known ZIP refines. A `zip` typed in that is not of the city's area is refused (400
 * IDENTITY.UNKNOWN_ZIP); a ZIP-like number in the address that is not one leaves the city's centre. A new
 * description goes to messaging to be translated (issue 32).
 */
export async function saveRestaurantProfile(
  ctx: IdentityContext,
  userId: string,
  form: Form,
  logo?: UploadedFile,
) {
  const profile = await inTransaction(ctx, async (tx) => {
    const existing = await restaurantProfileOfUser(tx, userId, true);
    const name = form.name ?? existing?.name ?? '';
    const description = form.description ?? existing?.description ?? '';
    const address = form.address ?? existing?.address ?? '';
    const city = form.city ?? existing?.city ?? '';
    if (!name || !description || !address || !city) throw IdentityErrors.requiredFields();
    const cuisineTypes = form.cuisineTypes ?? existing?.cuisineTypes ?? [];
    if (cuisineTypes.length === 0) throw IdentityErrors.cuisineRequired();
    const cityChanged = form.city !== undefined && form.city !== existing?.city;
    const cityInfo = CITIES[city as CityName];
    // The ZIP typed in, else the one ending the address sent (issue 32: a distance is between two real points).
    const typedZip = form.zip ? zipIn(form.zip) : null;
    if (form.zip && !zipLocation(typedZip, city)) throw IdentityErrors.unknownZip();
    const zip =
      typedZip ??
      (form.address !== undefined ? zipIn(form.address) : null) ??
      (form.zip === undefined ? (existing?.zip ?? null) : null);
    const zipPlace = zipLocation(zip, city);
    const sentCityCentre =
      cityInfo && form.latitude === cityInfo.latitude && form.longitude === cityInfo.longitude;
    const sent =
      form.latitude !== undefined && form.longitude !== undefined && !(zipPlace && sentCityCentre)
        ? { lat: form.latitude, lon: form.longitude }
        : null;
    const placeChanged =
      cityChanged ||
      form.zip !== undefined ||
      (form.address !== undefined && zip !== existing?.zip) ||
      !existing;
    const logoUrl = logo ? await storeImage(tx, userId, logo, 'logo') : (existing?.logoUrl ?? null);
    // A new description is translated for chefs of the other language (issue 32); an unchanged one keeps its.
    const descriptionTranslation =
      existing && existing.description === description
        ? existing.descriptionTranslation
        : await announceDescription(ctx, tx, userId, description);
    const values = {
      name,
      description,
      address,
      city,
      state: form.state ?? (cityChanged || !existing ? cityInfo.state : existing.state),
      zip,
      latitude:
        sent?.lat ?? (placeChanged || !existing ? (zipPlace?.lat ?? cityInfo.latitude) : existing.latitude),
      longitude:
        sent?.lon ?? (placeChanged || !existing ? (zipPlace?.lon ?? cityInfo.longitude) : existing.longitude),
      operatingHours: form.operatingHours
        ? { ...DEFAULT_RESTAURANT_HOURS, ...form.operatingHours }
        : (existing?.operatingHours ?? DEFAULT_RESTAURANT_HOURS),
      cuisineTypes: [...new Set(cuisineTypes)],
      logoUrl,
      descriptionTranslation,
      updatedAt: new Date(),
    };
    const row = await saveRestaurantProfileRow(tx, existing?.id, { id: randomUUID(), userId }, values);
    await publishProfile(ctx, tx, userId);
    return toRestaurantProfile(row, await stripeAccountOf(tx, userId));
  });
  const [withRecord] = await withRestaurantReliability(ctx, [profile]);
  return { profile: withRecord };
}
