import { z } from 'zod';
import {
  AGREEMENT_TYPES,
  CITIES,
  CITY_NAMES,
  CUISINES,
  LIMITS,
  MAX_SPOKEN_LANGUAGES,
  MESSAGES,
  SKILLS,
  SPOKEN_LANGUAGE_CODES,
  TRAVEL_RADIUS_OPTIONS,
} from '../constants';
import { jsonField, NumberLike } from '../common';
import { displayName } from '../display-name';
import {
  Availability,
  ChefProfile,
  ChefSearchResult,
  Language,
  OperatingHours,
  RestaurantProfile,
  Session,
  User,
} from './identity-entities';

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
/** Issue 40: the token of an email verification link (`/verify-email?token=...`). */
export const VerifyEmailQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long'),
});
export const VerifyEmailResponse = z
  .object({ message: z.string(), email: z.string() })
  .meta({ id: 'VerifyEmailResponse' });

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
