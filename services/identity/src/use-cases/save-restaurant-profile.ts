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
import type { RestaurantProfileRow } from '../db/schema';
import { stripeAccountOf } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { restaurantPlaceAfter, type RestaurantPlace } from '../domain/restaurant-place';
import { toOwnRestaurantProfile } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { announceDescription } from './announce-description';
import { publishProfile } from './publish-profile';
import { withRestaurantReliability } from '../queries/attach-reliability';
import { storeImage, type UploadedFile } from './store-image';

type Form = z.infer<typeof identityHttp.RestaurantProfileForm>;

/** An address as a place: case, spaces and punctuation aside ("12 Main St." is "12 main st"). */
const sameAddress = (address: string) =>
  address
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const placeOf = (row: RestaurantProfileRow): RestaurantPlace => ({
  lat: row.latitude,
  lon: row.longitude,
  pinnedAt: row.locationPinnedAt,
  accuracyM: row.locationAccuracyM,
});

/**
 * Create the restaurant profile (onboarding) or update it with whatever fields are sent (settings). The
 * merged result must hold the spec's rules: name, description, address and city; at least one cuisine.
 * Choosing a city sets its state and coordinates unless coordinates are sent. A ZIP of the city's area (the
 * `zip` field, else the one ending the address) places the restaurant at that ZIP's centre instead of its city's
 * (the distances chefs see), unless the coordinates sent say more than the city: the city picker sends the city's
 * own centre, which a known ZIP refines. A `zip` typed in that is not of the city's area is refused (400
 * IDENTITY.UNKNOWN_ZIP); a ZIP-like number in the address that is not one leaves the city's centre. A new
 * description goes to messaging to be translated (issue 32). Issue 34: the owner pins the restaurant's location
 * from the browser (`accuracyM` with the coordinates); a new address, ZIP or city removes the pin
 * (domain/restaurant-place.ts).
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
    const placeChanged =
      cityChanged ||
      form.zip !== undefined ||
      (form.address !== undefined && zip !== existing?.zip) ||
      !existing;
    // Issue 34: a pin stays while the restaurant says it is where it was (same city, address and ZIP).
    const moved =
      !existing ||
      cityChanged ||
      zip !== existing.zip ||
      (form.address !== undefined && sameAddress(form.address) !== sameAddress(existing.address));
    const place = restaurantPlaceAfter(
      form,
      { city, zipCentre: zipLocation(zip, city), moved, replace: placeChanged },
      existing ? placeOf(existing) : null,
      new Date(),
    );
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
      latitude: place.lat,
      longitude: place.lon,
      locationPinnedAt: place.pinnedAt,
      locationAccuracyM: place.accuracyM,
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
    return toOwnRestaurantProfile(row, await stripeAccountOf(tx, userId));
  });
  const [withRecord] = await withRestaurantReliability(ctx, [profile]);
  return { profile: withRecord };
}
