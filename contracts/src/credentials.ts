import type { Language } from './constants';
import { timeZoneOfCity } from './fill';
import { localMidnight } from './pay';
import type { Policy } from './policy';

// Issue 39: a chef's credentials (food-handler cards and the like) as data, and the one rule of when one counts.
// Identity keeps the files and the operators' decisions; jobs keeps a read model of the verified ones and gates
// shifts that require them; the web app shows the same names. Dates are calendar days (YYYY-MM-DD) read in the
// chef's city's time zone (Minneapolis: America/Chicago, Detroit: America/Detroit; unknown: America/Chicago):
// a credential stops counting at 00:00 of its `expires_on` day there, the day it expires.

/** The credentials Brigade checks, in the order screens list them. */
export const CREDENTIAL_TYPES = [
  'food_handler',
  'food_protection_manager',
  'alcohol_server',
  'allergen_awareness',
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/**
 * A credential's status as answers show it: `pending` (waiting for an operator), `verified`, `rejected` (with a
 * reason), `revoked` (was verified; an operator took it back, with a reason) or `expired` (its day came; it was
 * pending or verified). Identity stores the first four; `expired` is read from the date.
 */
export const CREDENTIAL_STATUSES = ['pending', 'verified', 'rejected', 'revoked', 'expired'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export type StoredCredentialStatus = Exclude<CredentialStatus, 'expired'>;

/** The credentials' names, as texts and screens say them. */
export const CREDENTIAL_NAMES: Record<Language, Record<CredentialType, string>> = {
  en: {
    food_handler: 'Food handler card',
    food_protection_manager: 'Food protection manager certificate',
    alcohol_server: 'Alcohol server certificate',
    allergen_awareness: 'Allergen awareness certificate',
  },
  es: {
    food_handler: 'Tarjeta de manipulador de alimentos',
    food_protection_manager: 'Certificado de gerente de protección de alimentos',
    alcohol_server: 'Certificado de servicio de alcohol',
    allergen_awareness: 'Certificado de alérgenos',
  },
};

/** A credential's file: an image (a phone photo of the card) or a PDF, at most 5 MB, its type read from its bytes. */
export const CREDENTIAL_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const CREDENTIAL_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
export type CredentialFileType = (typeof CREDENTIAL_FILE_TYPES)[number];

/** How long a signed `file_url` may be used: 5 minutes. */
export const CREDENTIAL_FILE_URL_SECONDS = 300;

/** Credentials waiting for an operator that one chef may have at once (the rest wait for a decision). */
export const CREDENTIAL_PENDING_MAX = 5;

export function isCredentialType(value: unknown): value is CredentialType {
  return typeof value === 'string' && (CREDENTIAL_TYPES as readonly string[]).includes(value);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The zone a chef's credentials are read in: their city's (contracts/src/fill.ts), America/Chicago when unknown. */
export const credentialTimeZone = (chefCity: string | null | undefined) => timeZoneOfCity(chefCity);

/** The instant a credential stops counting: 00:00 of its `expires_on` day in the zone. */
export function credentialEndsAt(expiresOn: string, timeZone: string): Date {
  const m = DATE.exec(expiresOn);
  if (!m) return new Date(Number.NaN);
  return localMidnight(Number(m[1]), Number(m[2]), Number(m[3]), timeZone);
}

/** Whether a credential dated `expiresOn` still counts at `now` (strictly before its day starts). */
export function credentialCountsAt(expiresOn: string, now: Date, timeZone: string): boolean {
  return now.getTime() < credentialEndsAt(expiresOn, timeZone).getTime();
}

/** The status an answer shows: a pending or verified credential whose day came reads `expired`. */
export function credentialStatusAt(
  stored: StoredCredentialStatus,
  expiresOn: string,
  now: Date,
  timeZone: string,
): CredentialStatus {
  if ((stored === 'pending' || stored === 'verified') && !credentialCountsAt(expiresOn, now, timeZone))
    return 'expired';
  return stored;
}

/**
 * Whether an expiry date may be given for a new credential: a real date after today in the chef's zone (a
 * credential that expires today or earlier would never count). Null when it may; the refusal's code otherwise.
 */
export function expiryDateRefusal(
  expiresOn: string,
  now: Date,
  timeZone: string,
): 'IDENTITY.CREDENTIAL_EXPIRED_DATE' | null {
  return credentialCountsAt(expiresOn, now, timeZone) ? null : 'IDENTITY.CREDENTIAL_EXPIRED_DATE';
}

/**
 * Whether the chef is due the text that a verified credential expires soon: from CREDENTIAL_EXPIRY_NOTICE before
 * the moment it stops counting, until that moment.
 */
export function expiryNoticeDue(
  policy: Pick<Policy, 'credentialExpiryNoticeMs'>,
  expiresOn: string,
  now: Date,
  timeZone: string,
): boolean {
  const ends = credentialEndsAt(expiresOn, timeZone).getTime();
  return now.getTime() >= ends - policy.credentialExpiryNoticeMs && now.getTime() < ends;
}

/**
 * The required credentials a chef lacks: each type of `required` (a shift's `required_credentials`) not among
 * `held` (the chef's verified credentials that count now), in the list's order.
 */
export function missingCredentials(required: readonly string[], held: readonly string[]): CredentialType[] {
  const have = new Set(held);
  return CREDENTIAL_TYPES.filter((t) => required.includes(t) && !have.has(t));
}

/** The credentials' names in a language, joined for a sentence ("Food handler card, Alcohol server certificate"). */
export function credentialNames(types: readonly CredentialType[], language: Language): string {
  return types.map((t) => CREDENTIAL_NAMES[language][t]).join(', ');
}
