import { createHash } from 'node:crypto';

/** Forgot-password requests per phone or per email an hour, whether or not an account matches (issue 32). */
export const RESET_REQUESTS_PER_HOUR = 5;
/**
 * Wrong codes a request takes: the next try is refused whatever the code (429), as Twilio Verify refuses the
 * fifth wrong check of a code. The same for every request, so the refusals tell nobody whether an account
 * matched it.
 */
export const RESET_CODE_ATTEMPTS = 4;

/**
 * The key a request is kept and counted under: the sha256 of the phone (E.164) or the email (lower case), so
 * identity keeps no email or number of someone who has no account.
 */
export function resetLookup(name: { phone?: string; email?: string }): string {
  const key = name.phone !== undefined ? `phone:${name.phone}` : `email:${name.email ?? ''}`;
  return createHash('sha256').update(key).digest('hex');
}
