import { z } from 'zod';
import { credentialEvents } from './credentials';
import { TextWritten } from './texts';

const UserType = z.enum(['chef', 'restaurant']);
const Language = z.enum(['en', 'es']);
const Weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
/** A chef's weekly availability as the profile keeps it: per weekday, whether and from when to when ("08:00"). */
const WeeklyAvailability = z.partialRecord(
  Weekday,
  z.object({ available: z.boolean(), start: z.string(), end: z.string() }),
);

export const identityEvents = {
  'identity.user.registered.v1': z.object({
    user_id: z.string().uuid(),
    email: z.string(),
    phone: z.string(),
    user_type: UserType,
    language_preference: Language,
    created_at: z.string(),
    /** Issue 40: false at sign-up (the link is mailed); absent from older events. */
    email_verified: z.boolean().optional(),
  }),
  /**
   * Phone or email verified, or language changed: what notifications need to reach a user in their language.
   * Issue 40 added `email` and `email_verified` (absent from older events: unknown, so not verified).
   */
  'identity.user.updated.v1': z.object({
    user_id: z.string().uuid(),
    phone: z.string(),
    phone_verified: z.boolean(),
    user_type: UserType,
    language_preference: Language,
    email: z.string().optional(),
    email_verified: z.boolean().optional(),
  }),
  'identity.chef_profile.updated.v1': z.object({
    profile_id: z.string().uuid(),
    user_id: z.string().uuid(),
    name: z.string(),
    bio: z.string(),
    city: z.string(),
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    travel_radius: z.number(),
    skills: z.array(z.string()),
    profile_image_url: z.string().nullable(),
    hourly_rate_min: z.number().nullable(),
    average_rating: z.number().nullable(),
    total_ratings: z.number().int(),
    language_preference: Language,
    /**
     * Issue 32: true when latitude/longitude are the chef's home (a ZIP's centre, or their location rounded to
     * 0.01 degree), false or absent when they are the city's centre. The point is private: consumers measure
     * distances from it and never show it.
     */
    home: z.boolean().optional(),
    /** The languages the chef speaks, ISO 639-1 codes (issue 32; absent from older events). */
    languages: z.array(z.string()).optional(),
    /**
     * Issue 37: the chef's weekly availability; jobs texts new shifts only to chefs available then. Absent from
     * older events: unknown, which counts as available.
     */
    availability: WeeklyAvailability.optional(),
  }),
  'identity.restaurant_profile.updated.v1': z.object({
    profile_id: z.string().uuid(),
    user_id: z.string().uuid(),
    name: z.string(),
    description: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** Issue 32: the restaurant's ZIP (directions to its address); absent in events published before. */
    zip: z.string().nullable().optional(),
    /**
     * Issue 34: latitude/longitude are a position the owner pinned at the restaurant (true), or its ZIP's or
     * city's centre (false). Absent in events published before: no pin. Jobs refuses a location clock-in without.
     */
    location_pinned: z.boolean().optional(),
    logo_url: z.string().nullable(),
    cuisine_types: z.array(z.string()),
    average_rating: z.number().nullable(),
    total_ratings: z.number().int(),
    language_preference: Language,
  }),
  /**
   * ADR 43 (issue 41): a published review joined (or a hidden one left) a chef's or restaurant's average. Only
   * jobs keeps ratings (applicant cards, the roster, the openings), so only jobs subscribes; the whole profile
   * events carry the ratings too, as of when they were published. Jobs keeps the newer of the two by its
   * `rating_occurred_at`, so neither kind overwrites the other's newer figures.
   */
  'identity.rating.changed.v1': z.object({
    user_id: z.string().uuid(),
    profile_id: z.string().uuid(),
    user_type: UserType,
    average_rating: z.number().nullable(),
    total_ratings: z.number().int().min(0),
  }),
  /**
   * An operator suspended a chef or restaurant: their sessions ended (identity). Jobs withdraws their pending
   * applications, cancels their open unfilled shifts with a full refund, and treats their confirmed shifts as
   * a late cancellation by them.
   */
  'identity.user.suspended.v1': z.object({
    user_id: z.string().uuid(),
    user_type: UserType,
    reason: z.string(),
    operator_id: z.string().uuid(),
    suspended_at: z.string(),
  }),
  'identity.user.reinstated.v1': z.object({
    user_id: z.string().uuid(),
    user_type: UserType,
    operator_id: z.string().uuid(),
    reinstated_at: z.string(),
  }),
  /** A restaurant's description to translate for chefs of the other language (issue 32). */
  'identity.text.written.v1': TextWritten,
  // Issue 39: credentials (contracts/src/events/credentials.ts)
  ...credentialEvents,
} as const;
