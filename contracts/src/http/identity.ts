import { z } from 'zod';
import { ChefReliability, RestaurantReliability } from './reliability';
import {
  AGREEMENT_TYPES,
  CITIES,
  CITY_NAMES,
  CUISINES,
  LANGUAGES,
  LIMITS,
  MAX_SPOKEN_LANGUAGES,
  MESSAGES,
  SKILLS,
  SPOKEN_LANGUAGE_CODES,
  TRAVEL_RADIUS_OPTIONS,
  WEEKDAYS,
} from '../constants';
import { jsonField, NumberLike, TextTranslation, type RouteDoc } from '../common';
import { displayName } from '../display-name';

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
  })
  .meta({ id: 'ChefProfile' });
export type ChefProfile = z.infer<typeof ChefProfile>;

/** A chef profile as search results show it: with the distance from the searching restaurant. */
export const ChefSearchResult = ChefProfile.extend({ distance_miles: z.number().nullable() });

// ---------- requests ----------
const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Please enter a valid email address');

/** US numbers (Minneapolis, Detroit): 10 digits, optional +1; stored as E.164. */
export const Phone = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .max(32, 'Please enter a valid phone number')
  .transform((raw, ctx) => {
    const digits = raw.replace(/[\s().-]/g, '');
    const m = /^(?:\+?1)?(\d{10})$/.exec(digits);
    if (!m || /^[01]/.test(m[1])) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid phone number' });
      return z.NEVER;
    }
    return `+1${m[1]}`;
  });

export const SignupRequest = z
  .object({
    email: Email,
    password: z
      .string({ error: 'Password is required' })
      .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
      .max(256, 'Password is too long'),
    confirmPassword: z.string().max(256, 'Password is too long').optional(),
    phone: Phone,
    userType: z.preprocess(
      (v) => (v === 'worker' ? 'chef' : v),
      z.enum(['chef', 'restaurant'], { error: 'userType must be chef, worker or restaurant' }),
    ),
    languagePreference: Language.default('en'),
    tosAccepted: z.boolean().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .refine((b) => b.tosAccepted !== false, { message: 'You must accept the terms', path: ['tosAccepted'] })
  .meta({ id: 'SignupRequest' });

/** A 6-digit code of an authenticator app (an operator's second factor, issue 33). */
export const TotpCode = z
  .string({ error: 'Enter the 6-digit code of your authenticator app' })
  .max(6, 'Enter the 6-digit code of your authenticator app')
  .regex(/^\d{6}$/, 'Enter the 6-digit code of your authenticator app');

export const SigninRequest = z
  .object({
    email: Email,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
    /**
     * Operators with two-step sign-in (issue 33): the authenticator's code. Without it such an operator is
     * answered 401 IDENTITY.TOTP_REQUIRED; the first right code after enrolling confirms the enrolment.
     */
    totp: TotpCode.optional(),
  })
  .meta({ id: 'SigninRequest' });

export const RefreshRequest = z.object({
  refresh_token: z
    .string({ error: 'refresh_token is required' })
    .min(1, 'refresh_token is required')
    .max(512),
});

export const VerifyPhoneRequest = z.object({
  phone: Phone,
  code: z
    .string({ error: MESSAGES.codeSixDigits })
    .regex(/^\d{6}$/, MESSAGES.codeSixDigits)
    .max(6, MESSAGES.codeSixDigits),
});
export const ResendCodeRequest = z.object({ phone: Phone });

/** Whose password: the account's phone number or its email, exactly one of them (issue 32). */
const oneAccount = <T extends { phone?: string; email?: string }>(b: T) =>
  (b.phone === undefined) !== (b.email === undefined);
const ONE_ACCOUNT = {
  message: 'Enter the phone number or the email of your account (one of them)',
  path: ['phone'],
};
const Password = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(256, 'Password is too long');

/**
 * "Forgot password?": a 6-digit code is texted to the account's verified phone. The answer is the same
 * whether or not an account matches.
 */
export const ForgotPasswordRequest = z
  .object({ phone: Phone.optional(), email: Email.optional() })
  .refine(oneAccount, ONE_ACCOUNT)
  .meta({ id: 'ForgotPasswordRequest' });

/** The code texted for the same phone or email as the forgot request, and the new password (as at sign-up). */
export const ResetPasswordRequest = z
  .object({
    phone: Phone.optional(),
    email: Email.optional(),
    code: z
      .string({ error: MESSAGES.codeSixDigits })
      .regex(/^\d{6}$/, MESSAGES.codeSixDigits)
      .max(6, MESSAGES.codeSixDigits),
    password: Password,
  })
  .refine(oneAccount, ONE_ACCOUNT)
  .meta({ id: 'ResetPasswordRequest' });

/**
 * A new password, given the current one (issue 33): the way out of a one-time password (sign-in answers 403
 * IDENTITY.PASSWORD_CHANGE_REQUIRED until then). Every session of the account ends.
 */
export const ChangePasswordRequest = z
  .object({
    email: Email,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
    new_password: Password,
    /** an operator with two-step sign-in: the authenticator's code */
    totp: TotpCode.optional(),
  })
  .refine((b) => b.new_password !== b.password, {
    message: 'Choose a new password, not the current one',
    path: ['new_password'],
  })
  .meta({ id: 'ChangePasswordRequest' });

/** An operator's two-step sign-in enrolment (issue 33): their email and password prove who asks. */
export const TotpEnrolRequest = z
  .object({
    email: Email,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  })
  .meta({ id: 'TotpEnrolRequest' });
/** The secret to add to an authenticator app (typed, or the otpauth URI as a QR code). */
export const TotpEnrolment = z
  .object({ secret: z.string(), otpauth_uri: z.string() })
  .meta({ id: 'TotpEnrolment' });

export const AuthResponse = z.object({ session: Session, user: User }).meta({ id: 'AuthResponse' });
/** Sign-up: `code_sent` is false when no verification code could be texted (see POST /auth/resend-code). */
export const SignupResponse = AuthResponse.extend({ code_sent: z.boolean() }).meta({ id: 'SignupResponse' });
export const MessageResponse = z.object({ message: z.string() });
export const ProfilesMeResponse = z.object({
  user: User,
  profile: z.union([ChefProfile, RestaurantProfile]).nullable(),
});
export const UpdateMeRequest = z.object({ language_preference: Language });

const CityField = z.enum(CITY_NAMES as [string, ...string[]], {
  error: 'City must be Minneapolis or Detroit',
});

/**
 * Restaurant profile form (multipart or JSON). Every field is optional here because an existing profile is
 * updated with whatever fields are sent (settings); creation checks the merged result with the spec's texts.
 * Issue 34: `latitude`, `longitude` and `accuracyM` together pin the restaurant where the owner stands ("I am
 * at the restaurant now": the browser's position and its accuracy in metres). A pin vaguer than
 * PIN_ACCURACY_METERS is a 422 IDENTITY.LOCATION_TOO_VAGUE, one more than 45 miles from the city a 422
 * IDENTITY.PIN_OUTSIDE_AREA, and nothing changes. A new address, ZIP or city without a new pin removes the pin.
 */
export const RestaurantProfileForm = z
  .object({
    name: displayName().optional(),
    description: z.string().trim().max(2000, 'Description is too long').optional(),
    address: z.string().trim().max(200, 'Address is too long').optional(),
    city: CityField.optional(),
    state: z.string().trim().max(2).optional(),
    zip: z.string().trim().max(10).optional(),
    latitude: NumberLike.pipe(z.number().min(-90).max(90)).optional(),
    longitude: NumberLike.pipe(z.number().min(-180).max(180)).optional(),
    operatingHours: jsonField(OperatingHours, 'operatingHours must be JSON').optional(),
    cuisineTypes: jsonField(
      z.array(z.enum(CUISINES, { error: 'Unknown cuisine type' })).max(CUISINES.length),
      'cuisineTypes must be a JSON list',
    ).optional(),
    accuracyM: NumberLike.pipe(z.number().min(0, 'accuracyM is in metres, 0 or more')).optional(),
  })
  .refine((f) => f.accuracyM === undefined || (f.latitude !== undefined && f.longitude !== undefined), {
    message: 'Send accuracyM with the latitude and longitude it measures',
    path: ['accuracyM'],
  });
export type RestaurantProfileForm = z.infer<typeof RestaurantProfileForm>;

const knownLanguages = new Set(SPOKEN_LANGUAGE_CODES);
const TOO_MANY_LANGUAGES = `Choose at most ${MAX_SPOKEN_LANGUAGES} languages`;
/** The languages a chef speaks (issue 32): known ISO 639-1 codes, each once, 1 to MAX_SPOKEN_LANGUAGES. */
export const SpokenLanguages = z
  .array(
    z
      .string({ error: 'Languages are ISO 639-1 codes, like "es"' })
      .max(16, 'Unknown language code')
      .trim()
      .toLowerCase()
      .refine((code) => knownLanguages.has(code), { message: 'Unknown language code' }),
    { error: 'Languages must be a list of ISO 639-1 codes, like ["es", "en"]' },
  )
  .min(1, 'Choose at least one language you speak')
  .max(MAX_SPOKEN_LANGUAGES, TOO_MANY_LANGUAGES)
  .refine((codes) => new Set(codes).size === codes.length, { message: 'Each language can be listed once' });

const HomeLatitude = NumberLike.pipe(z.number().min(-90).max(90));
const HomeLongitude = NumberLike.pipe(z.number().min(-180).max(180));

/**
 * Chef profile form (multipart or JSON), every field optional as for restaurants. The chef's home, where
 * distances are measured from (issue 32): `home`, a ZIP code or an address that ends with one (only the ZIP is
 * used and kept: its centre; '' removes the home), or `homeLatitude` and `homeLongitude`, the browser's position
 * ("use my location"; kept rounded to 0.01 degree). Either must lie within 45 miles of the chef's city (400
 * IDENTITY.UNKNOWN_ZIP, IDENTITY.HOME_OUTSIDE_AREA). `latitude`/`longitude` are the older way to send a
 * position: the city's own centre (what the city picker sent) changes nothing, any other point is a location.
 */
export const ChefProfileForm = z
  .object({
    name: displayName().optional(),
    bio: z.string().trim().max(LIMITS.bioMax, MESSAGES.chefStep1).optional(),
    city: CityField.optional(),
    state: z.string().trim().max(2).optional(),
    latitude: HomeLatitude.optional(),
    longitude: HomeLongitude.optional(),
    home: z.string().trim().max(200, 'Address is too long').optional(),
    homeLatitude: HomeLatitude.optional(),
    homeLongitude: HomeLongitude.optional(),
    travelRadius: NumberLike.pipe(
      z
        .number()
        .int()
        .refine((v) => (TRAVEL_RADIUS_OPTIONS as readonly number[]).includes(v), {
          message: `Travel radius must be one of ${TRAVEL_RADIUS_OPTIONS.join(', ')}`,
        }),
    ).optional(),
    skills: jsonField(
      z.array(z.enum(SKILLS, { error: 'Unknown skill' })).max(SKILLS.length),
      'skills must be a JSON list',
    ).optional(),
    availability: jsonField(Availability, 'availability must be JSON').optional(),
    hourlyRateMin: NumberLike.pipe(z.number().min(0).max(500)).optional(),
    languages: jsonField(SpokenLanguages, 'languages must be a JSON list').optional(),
  })
  .refine((f) => (f.homeLatitude === undefined) === (f.homeLongitude === undefined), {
    message: 'Send homeLatitude and homeLongitude together',
    path: ['homeLongitude'],
  })
  .refine((f) => f.home === undefined || f.homeLatitude === undefined, {
    message: 'Send a home ZIP or a location, not both',
    path: ['home'],
  });
export type ChefProfileForm = z.infer<typeof ChefProfileForm>;

export const ProfileResponse = z.object({ profile: z.union([ChefProfile, RestaurantProfile]) });
export const ChefProfileResponse = z.object({ profile: ChefProfile });
export const RestaurantProfileResponse = z.object({ profile: RestaurantProfile });

export const ChefSearchQuery = z.object({
  skills: jsonField(z.array(z.string().max(60)).max(30), 'skills must be a JSON list').optional(),
  minRate: NumberLike.pipe(z.number().min(0).max(1000)).optional(),
  maxRate: NumberLike.pipe(z.number().min(0).max(1000)).optional(),
  radius: NumberLike.pipe(z.number().positive().max(500)).optional(),
  city: CityField.optional(),
  limit: NumberLike.pipe(z.number().int().min(1).max(200)).optional(),
  /** Skip this many results (paging: offset = pages shown x page size). */
  offset: NumberLike.pipe(z.number().int().min(0).max(10_000)).optional(),
});
export const ChefSearchResponse = z.object({ chefs: z.array(ChefSearchResult) });

export const AgreementRequest = z.object({
  agreementType: z.enum(AGREEMENT_TYPES, { error: 'agreementType must be worker_tos or restaurant_tos' }),
  version: z.string().trim().min(1).max(20).default('1.0'),
});
export const AgreementResponse = z.object({
  agreement: z.object({
    id: z.string().uuid(),
    agreement_type: z.string(),
    version: z.string(),
    accepted_at: z.string(),
  }),
});

export const CITY_LIST = CITY_NAMES.map((name) => ({ name, ...CITIES[name] }));

export const identityRoutes: RouteDoc[] = [
  {
    method: 'post',
    path: '/auth/signup',
    summary: 'Create an account (409 IDENTITY.PHONE_TAKEN: another account verified this phone)',
    auth: 'public',
    body: SignupRequest,
    response: SignupResponse,
    status: 201,
  },
  {
    method: 'post',
    path: '/auth/signin',
    summary: 'Sign in',
    auth: 'public',
    body: SigninRequest,
    response: AuthResponse,
  },
  {
    method: 'post',
    path: '/auth/refresh',
    summary: 'Rotate the refresh token; returns a new session',
    auth: 'public',
    body: RefreshRequest,
    response: z.object({ session: Session }),
  },
  {
    method: 'post',
    path: '/auth/signout',
    summary: 'Revoke the current session',
    auth: 'user',
    response: MessageResponse,
  },
  {
    method: 'post',
    path: '/auth/verify-phone',
    summary:
      "Check the SMS code of the signed-in account's own phone; then refresh for a token that carries it",
    auth: 'user',
    body: VerifyPhoneRequest,
    response: MessageResponse,
  },
  {
    method: 'post',
    path: '/auth/resend-code',
    summary: "Text a new SMS code to the signed-in account's own phone (at most 5 texts per phone per hour)",
    auth: 'user',
    body: ResendCodeRequest,
    response: MessageResponse,
  },
  {
    method: 'post',
    path: '/auth/password/forgot',
    summary:
      'Text a 6-digit code to the verified phone of the account with this phone or email; the same answer whether or not one matches (5 requests an hour per phone or email: 429 IDENTITY.TOO_MANY_RESETS)',
    auth: 'public',
    body: ForgotPasswordRequest,
    response: MessageResponse,
  },
  {
    method: 'post',
    path: '/auth/password/reset',
    summary:
      'Set a new password with the code (the same phone or email as the forgot request); every session of the account ends. 400 IDENTITY.INVALID_CODE / CODE_EXPIRED, 429 IDENTITY.TOO_MANY_ATTEMPTS after 5 wrong codes',
    auth: 'public',
    body: ResetPasswordRequest,
    response: MessageResponse,
  },
  {
    method: 'post',
    path: '/auth/password/change',
    summary:
      'Change the password with the current one (a one-time password must be changed so); every session of the account ends',
    auth: 'public',
    body: ChangePasswordRequest,
    response: MessageResponse,
  },
  {
    method: 'post',
    path: '/auth/totp/enrol',
    summary:
      "An operator's two-step sign-in: a new secret for an authenticator app; the first sign-in with its code confirms it (409 IDENTITY.TOTP_ALREADY_ENROLLED once confirmed)",
    auth: 'public',
    body: TotpEnrolRequest,
    response: TotpEnrolment,
  },
  { method: 'get', path: '/auth/jwks.json', summary: 'Public keys that sign access tokens', auth: 'public' },
  {
    method: 'get',
    path: '/profiles/me',
    summary: 'The signed-in user and profile',
    auth: 'user',
    response: ProfilesMeResponse,
  },
  {
    method: 'patch',
    path: '/profiles/me',
    summary: 'Save the language preference',
    auth: 'user',
    body: UpdateMeRequest,
    response: z.object({ user: User }),
  },
  {
    method: 'post',
    path: '/profiles/restaurant',
    summary: 'Create or update the restaurant profile',
    auth: 'restaurant',
    body: RestaurantProfileForm,
    bodyType: 'multipart',
    response: RestaurantProfileResponse,
  },
  {
    method: 'post',
    path: '/profiles/chef',
    summary: 'Create or update the chef profile',
    auth: 'chef',
    body: ChefProfileForm,
    bodyType: 'multipart',
    response: ChefProfileResponse,
  },
  {
    method: 'get',
    path: '/profiles/chefs',
    summary: 'Search chefs',
    auth: 'user',
    query: ChefSearchQuery,
    response: ChefSearchResponse,
  },
  {
    method: 'get',
    path: '/profiles/chef/{id}',
    summary: 'A chef profile by profile id or user id',
    auth: 'user',
    response: ChefProfileResponse,
  },
  {
    method: 'get',
    path: '/profiles/restaurant/{id}',
    summary: 'A restaurant profile by profile id or user id',
    auth: 'user',
    response: RestaurantProfileResponse,
  },
  {
    method: 'get',
    path: '/profiles/{user_type}',
    summary: "The signed-in user's own profile of that type (404 when none)",
    auth: 'user',
    response: ProfileResponse,
  },
  {
    method: 'post',
    path: '/agreements/accept',
    summary: 'Record acceptance of the terms',
    auth: 'user',
    body: AgreementRequest,
    response: AgreementResponse,
    status: 201,
  },
  {
    method: 'get',
    path: '/uploads/{file}',
    summary: 'An uploaded profile image or logo',
    auth: 'public',
    fileTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  },
];
