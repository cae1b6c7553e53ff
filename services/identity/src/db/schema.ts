import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const identity = pgSchema('identity');

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = identity.table('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  userType: text('user_type').$type<'chef' | 'restaurant' | 'operator'>().notNull(),
  languagePreference: text('language_preference').$type<'en' | 'es'>().notNull(),
  phoneVerified: boolean('phone_verified').notNull(),
  stripeAccountId: text('stripe_account_id'),
  /** set while an operator has the account suspended (issue 17) */
  suspendedAt: ts('suspended_at'),
  suspensionReason: text('suspension_reason'),
  suspendedBy: uuid('suspended_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** issue 33 (migration 0012): an operator who manages the other operators */
  admin: boolean('admin').notNull().default(false),
  /** a one-time password: it signs in nowhere until it is changed */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  /** an operator who left */
  removedAt: ts('removed_at'),
  /** an operator's TOTP secret (base32), and when a first code proved it */
  totpSecret: text('totp_secret'),
  totpConfirmedAt: ts('totp_confirmed_at'),
  /** issue 40 (migration 0019): when the email was last confirmed by its link; null: not verified */
  emailVerifiedAt: ts('email_verified_at'),
});

export const sessions = identity.table('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = identity.table('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  usedAt: ts('used_at'),
});

export const signingKeys = identity.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every verification text sent to a phone, and for which account (the per-phone limit; who asked for a code). */
export const phoneTexts = identity.table('phone_texts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  userId: uuid('user_id').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
  /** a verification code, or a password reset code (issue 32) */
  purpose: text('purpose').$type<'verify' | 'reset'>().notNull().default('verify'),
});

/**
 * Every forgot-password request (issue 32), under the sha256 of what was asked for (`phone:...` or `email:...`),
 * with the account texted when one matched: the per-request limit and the code's attempts are counted here.
 */
export const passwordResets = identity.table('password_resets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  lookup: text('lookup').notNull(),
  userId: uuid('user_id'),
  phone: text('phone'),
  attempts: integer('attempts').notNull().default(0),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  usedAt: ts('used_at'),
});

export const uploads = identity.table('uploads', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const restaurantProfiles = identity.table('restaurant_profiles', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  operatingHours: jsonb('operating_hours').notNull(),
  cuisineTypes: text('cuisine_types').array().notNull(),
  logoUrl: text('logo_url'),
  ratingSum: integer('rating_sum').notNull().default(0),
  totalRatings: integer('total_ratings').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // the description's translation (issue 32, migration 0009; domain/text-translation.ts)
  descriptionTranslation: jsonb('description_translation'),
  /** Issue 34 (migration 0013): set when latitude/longitude are a pin the owner set at the restaurant. */
  locationPinnedAt: ts('location_pinned_at'),
  locationAccuracyM: doublePrecision('location_accuracy_m'),
});

export const chefProfiles = identity.table('chef_profiles', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  bio: text('bio').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  travelRadius: integer('travel_radius').notNull(),
  /** Issue 32: 'zip' or 'location' when latitude/longitude are the chef's home; null: the city's centre. */
  homeSource: text('home_source').$type<'zip' | 'location'>(),
  homeZip: text('home_zip'),
  skills: text('skills').array().notNull(),
  availability: jsonb('availability').notNull(),
  profileImageUrl: text('profile_image_url'),
  hourlyRateMin: numeric('hourly_rate_min', { precision: 8, scale: 2, mode: 'number' }),
  /** ISO 639-1 codes of the languages the chef speaks (issue 32) */
  languages: text('languages').array().notNull().default([]),
  ratingSum: integer('rating_sum').notNull().default(0),
  totalRatings: integer('total_ratings').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const agreements = identity.table('agreements', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  agreementType: text('agreement_type').notNull(),
  version: text('version').notNull(),
  acceptedAt: ts('accepted_at').notNull().defaultNow(),
});

/**
 * One rating per job, seat and side (issue 35, migration 0014: seat 1 for every rating kept before seats); issue 39
 * (migration 0017): counted from its review's publication, `hidden_at` once an operator hid it (no longer counted).
 */
export const ratings = identity.table('ratings', {
  jobId: uuid('job_id').notNull(),
  seatNo: integer('seat_no').notNull().default(1),
  side: text('side').notNull(),
  rateeId: uuid('ratee_id').notNull(),
  rating: integer('rating').notNull(),
  reviewId: uuid('review_id'),
  hiddenAt: ts('hidden_at'),
});

/**
 * Issue 39 (migration 0016): a chef's credential and the operator's decision; the file is in the file store under
 * `fileKey`. `expires_on` is a calendar date (YYYY-MM-DD text).
 */
export const credentials = identity.table('credentials', {
  id: uuid('id').primaryKey(),
  chefId: uuid('chef_id').notNull(),
  type: text('type').notNull(),
  number: text('number'),
  issuer: text('issuer'),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  status: text('status').$type<'pending' | 'verified' | 'rejected' | 'revoked'>().notNull(),
  fileKey: text('file_key').notNull(),
  fileType: text('file_type').notNull(),
  fileBytes: integer('file_bytes').notNull(),
  reason: text('reason'),
  decidedAt: ts('decided_at'),
  decidedBy: uuid('decided_by'),
  expiryNoticedAt: ts('expiry_noticed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;
export type ChefProfileRow = typeof chefProfiles.$inferSelect;
export type RestaurantProfileRow = typeof restaurantProfiles.$inferSelect;

/** Issue 40 (migration 0019): a verification link asked for, and the mail carrying it (sent by the email loop). */
export const emailVerifications = identity.table('email_verifications', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  messageId: text('message_id'),
  failedAt: ts('failed_at'),
  lastError: text('last_error'),
});
