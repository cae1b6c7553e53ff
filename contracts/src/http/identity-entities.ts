import { z } from 'zod';
import { ChefReliability, RestaurantReliability } from './reliability';
import { LANGUAGES, WEEKDAYS } from '../constants';
import { TextTranslation } from '../common';
import { CREDENTIAL_TYPES } from '../credentials';

// ---------- entities (responses) ----------
/** Who may sign up: chefs and restaurants (operators are created by the platform team, never at sign-up). */
export const UserType = z.enum(['chef', 'restaurant']);
/** Every kind of account: the two sides of the marketplace and the platform's operators. */
export const AccountType = z.enum(['chef', 'restaurant', 'operator']);
export type AccountType = z.infer<typeof AccountType>;
export const Language = z.enum(LANGUAGES);

export const User = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    phone: z.string(),
    user_type: AccountType,
    language_preference: Language,
    phone_verified: z.boolean(),
    /** issue 40: the email was confirmed by its link (no other mail goes to it before) */
    email_verified: z.boolean(),
    created_at: z.string(),
    /** operators only (issue 33): manages the other operators (the console's Operators page) */
    admin: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const Session = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    /** Unix time in seconds when the access token expires. */
    expires_at: z.number().int(),
    expires_in: z.number().int(),
    user: User,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must be HH:MM')
  .max(5, 'Times must be HH:MM');
export const OperatingHours = z.record(
  z.enum(WEEKDAYS),
  z.object({ open: TimeOfDay, close: TimeOfDay, closed: z.boolean() }),
);
export const Availability = z.record(
  z.enum(WEEKDAYS),
  z.object({ available: z.boolean(), start: TimeOfDay, end: TimeOfDay }),
);

/** A restaurant's pinned location (issue 34): when it was set and the browser's accuracy then, in metres. */
export const RestaurantLocationPin = z
  .object({ pinned_at: z.string(), accuracy_m: z.number() })
  .meta({ id: 'RestaurantLocationPin' });
export type RestaurantLocationPin = z.infer<typeof RestaurantLocationPin>;

export const RestaurantProfile = z
  .object({
    id: z.string().uuid(),
    user_id: z.string().uuid(),
    name: z.string(),
    description: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    operating_hours: OperatingHours,
    cuisine_types: z.array(z.string()),
    logo_url: z.string().nullable(),
    average_rating: z.number().nullable(),
    total_ratings: z.number().int(),
    /** Completed shifts, late cancellations, disputes lost: all time and the last 90 days (issue 16). */
    reliability: RestaurantReliability,
    stripe_account_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** The description's translation into the other language (issue 32; null before the first one). */
    description_translation: TextTranslation.nullable().optional(),
    /**
     * The restaurant's own answers only (GET /profiles/me, its saves; issue 34): true when latitude/longitude
     * are a position the owner pinned ("I am at the restaurant now"), false while they are its ZIP's or city's
     * centre. Without a pin, chefs clock in with the restaurant's code only.
     */
    location_pinned: z.boolean().optional(),
    /** With `location_pinned`: when the pin was set and how precise the browser said it was (null: no pin). */
    location_pin: RestaurantLocationPin.nullable().optional(),
  })
  .meta({ id: 'RestaurantProfile' });
export type RestaurantProfile = z.infer<typeof RestaurantProfile>;

/**
 * Where a chef's distances are measured from, in the chef's own answers only (GET /profiles/me, their saves):
 * a ZIP's centre (`zip`), or their location rounded to 0.01 degree (`location`, from "use my location"). Never in
 * anyone else's answer: there `home` is absent and latitude/longitude are the city's centre.
 */
export const ChefHome = z
  .object({ source: z.enum(['zip', 'location']), zip: z.string().nullable() })
  .meta({ id: 'ChefHome' });
export type ChefHome = z.infer<typeof ChefHome>;

export const ChefProfile = z
  .object({
    id: z.string().uuid(),
    user_id: z.string().uuid(),
    name: z.string(),
    bio: z.string(),
    city: z.string(),
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    travel_radius: z.number().int(),
    skills: z.array(z.string()),
    availability: Availability,
    profile_image_url: z.string().nullable(),
    hourly_rate_min: z.number().nullable(),
    average_rating: z.number().nullable(),
    total_ratings: z.number().int(),
    /** The languages the chef speaks: ISO 639-1 codes (issue 32). */
    languages: z.array(z.string()),
    /** Completed shifts, late cancellations, no-shows: all time and the last 90 days (issue 16). */
    reliability: ChefReliability,
    created_at: z.string(),
    updated_at: z.string(),
    /** The chef's own answers only: their home, or null while distances are from their city's centre. */
    home: ChefHome.nullable().optional(),
    /**
     * Issue 39: the credentials an operator verified that count today (not expired, not revoked), in the list's
     * order: the profile's and the search's badges. Always sent by identity.
     */
    verified_credentials: z.array(z.enum(CREDENTIAL_TYPES)).optional(),
  })
  .meta({ id: 'ChefProfile' });
export type ChefProfile = z.infer<typeof ChefProfile>;

/** A chef profile as search results show it: with the distance from the searching restaurant. */
export const ChefSearchResult = ChefProfile.extend({ distance_miles: z.number().nullable() });
