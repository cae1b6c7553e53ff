import { createHash, createHmac, hkdfSync } from 'node:crypto';

// Issue 40: an email verification link's token. It is never stored: it is the HMAC-SHA256 of the link's row id
// under a key every identity instance derives alike from the shared secret (HKDF), so the email loop can write
// it into the mail after a crash; only its sha256 is kept, to find the row the link names.

/** Links asked for by one account: at most one a minute (429 IDENTITY.TOO_MANY_EMAILS). */
export const EMAIL_LINK_INTERVAL_SECONDS = 60;
/** A mail the relay keeps refusing for a while is given up (the person can ask for a new link). */
export const EMAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail is held by the instance sending it before another may try (a crash mid-send). */
export const EMAIL_SEND_LEASE_SECONDS = 120;

export function emailTokenKey(sharedSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sharedSecret, 'brigade', 'email-verification-links', 32));
}

/** The token of the link with this id (43 base64url characters). */
export function emailToken(key: Buffer, verificationId: string): string {
  return createHmac('sha256', key).update(verificationId).digest('base64url');
}

/** What is kept of a token (and looked up by). */
export function emailTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Seconds to wait before the next attempt at a mail that failed `attempts` times (1 min, 2, 4... at most 1 h). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));
}

export type VerifyLinkState = 'ok' | 'invalid' | 'expired' | 'used';

/** Why a link does or does not verify: used, expired (by `now`), or for an address the account no longer has. */
export function linkState(
  link: { email: string; expiresAt: Date; usedAt: Date | null } | undefined,
  accountEmail: string | undefined,
  now: Date,
): VerifyLinkState {
  if (!link || accountEmail === undefined) return 'invalid';
  if (link.email.toLowerCase() !== accountEmail.toLowerCase()) return 'invalid';
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}
