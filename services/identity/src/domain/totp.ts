import { generateSecret, generateURI, verify } from 'otplib';
import { IdentityErrors } from './errors';

/** The issuer an authenticator app shows beside the operator's email. */
const ISSUER = 'Brigade operations';

/** A new TOTP secret (base32, 160 bits), as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI of a secret (a QR code of it adds the account to an authenticator app). */
export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** Whether a 6-digit code is right now for this secret (30 s steps, one step of clock drift either way). */
export async function totpMatches(secret: string, code: string): Promise<boolean> {
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid;
}

/**
 * An operator's second factor at sign-in (issue 33): with two-step sign-in set up, the code is required and
 * must be right; with an enrolment waiting, a right code confirms it ('confirmed'); without either, sign-in
 * goes on unless `required` (OPERATOR_REQUIRE_TOTP=1), which asks them to set it up first.
 */
export async function checkSecondFactor(
  account: { totpSecret: string | null; totpConfirmedAt: Date | null },
  code: string | undefined,
  required: boolean,
): Promise<'ok' | 'confirmed'> {
  if (account.totpSecret && account.totpConfirmedAt) {
    if (!code) throw IdentityErrors.totpRequired();
    if (!(await totpMatches(account.totpSecret, code))) throw IdentityErrors.totpInvalid();
    return 'ok';
  }
  if (account.totpSecret && code) {
    if (!(await totpMatches(account.totpSecret, code))) throw IdentityErrors.totpInvalid();
    return 'confirmed';
  }
  if (required) throw IdentityErrors.totpEnrolmentRequired();
  return 'ok';
}
