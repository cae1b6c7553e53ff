import { inTransaction } from '@brigade/kit';
import { randomUUID } from 'node:crypto';
import {
  CITIES,
  DEFAULT_CHEF_AVAILABILITY,
  DEFAULT_TRAVEL_RADIUS,
  LIMITS,
  type CityName,
  type identityHttp,
} from '@brigade/contracts';
import type { z } from 'zod';
import { chefProfileOfUser, saveChefProfileRow } from '../db/profiles.repository';
import { findUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { chefHomeAfter, type ChefHomePlace } from '../domain/home';
import { toOwnChefProfile } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { publishProfile } from './publish-profile';
import { withChefReliability } from '../queries/attach-reliability';
import { withVerifiedCredentials } from '../queries/credential-views';
import { storeImage, type UploadedFile } from './store-image';

type Form = z.infer<typeof identityHttp.ChefProfileForm>;

/**
 * Create the chef profile (onboarding) or update it with the fields sent (settings). The merged result must
 * hold the spec's rules: name and bio (at most 250 characters), a city, at least one skill. The chef's home (a
 * ZIP or their location, issue 32) becomes their place for every distance (`chefHomeAfter`). The languages the
 * chef speaks (issue 32) are the account's language until the chef says otherwise.
 */
export async function saveChefProfile(
  ctx: IdentityContext,
  userId: string,
  form: Form,
  image?: UploadedFile,
) {
  const profile = await inTransaction(ctx, async (tx) => {
    const existing = await chefProfileOfUser(tx, userId, true);
    const name = form.name ?? existing?.name ?? '';
    const bio = form.bio ?? existing?.bio ?? '';
    if (!name || !bio || bio.length > LIMITS.bioMax) throw IdentityErrors.chefStep1();
    const city = form.city ?? existing?.city;
    if (!city) throw IdentityErrors.requiredFields();
    const skills = form.skills ?? existing?.skills ?? [];
    if (skills.length === 0) throw IdentityErrors.skillRequired();
    const cityChanged = form.city !== undefined && form.city !== existing?.city;
    const cityInfo = CITIES[city as CityName];
    const had: ChefHomePlace | null = existing?.homeSource
      ? {
          source: existing.homeSource,
          zip: existing.homeZip,
          lat: existing.latitude,
          lon: existing.longitude,
        }
      : null;
    const home = chefHomeAfter(form, city, had, cityChanged);
    const imageUrl = image
      ? await storeImage(tx, userId, image, 'profile')
      : (existing?.profileImageUrl ?? null);
    const values = {
      name,
      bio,
      city,
      state: form.state ?? (cityChanged || !existing ? cityInfo.state : existing.state),
      // The chef's place for every distance: their home, else their city's centre (issue 32).
      latitude: home ? home.lat : cityInfo.latitude,
      longitude: home ? home.lon : cityInfo.longitude,
      homeSource: home?.source ?? null,
      homeZip: home?.zip ?? null,
      travelRadius: form.travelRadius ?? existing?.travelRadius ?? DEFAULT_TRAVEL_RADIUS,
      skills: [...new Set(skills)],
      availability: form.availability
        ? { ...DEFAULT_CHEF_AVAILABILITY, ...form.availability }
        : (existing?.availability ?? DEFAULT_CHEF_AVAILABILITY),
      profileImageUrl: imageUrl,
      hourlyRateMin: form.hourlyRateMin ?? existing?.hourlyRateMin ?? null,
      languages:
        form.languages ?? (existing?.languages.length ? existing.languages : await ownLanguage(tx, userId)),
      updatedAt: new Date(),
    };
    const row = await saveChefProfileRow(tx, existing?.id, { id: randomUUID(), userId }, values);
    await publishProfile(ctx, tx, userId);
    return toOwnChefProfile(row);
  });
  const [withRecord] = await withChefReliability(ctx, [profile]);
  const [withBadges] = await withVerifiedCredentials(ctx, [withRecord]);
  return { profile: withBadges };
}

/** A chef who has not said which languages they speak: the account's own language. */
async function ownLanguage(tx: Parameters<typeof findUser>[0], userId: string): Promise<string[]> {
  const user = await findUser(tx, userId);
  return user ? [user.languagePreference] : [];
}
