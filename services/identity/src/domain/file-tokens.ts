import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Issue 39: the embedded file store's signed URLs. A token names a credential and the second its URL ends,
// signed with HMAC-SHA256 under a key every identity instance derives alike from the first access-token signing
// key in its database (HKDF), so any instance checks any instance's URL. Nothing in it is secret but the
// signature; a token is refused once its second has passed.

/** The HMAC key of file URLs, derived from a secret every instance shares. */
export function fileUrlKey(sharedSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sharedSecret, 'brigade', 'credential-file-urls', 32));
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<credential id>.<unix second it ends>.<signature>` */
export function signFileToken(key: Buffer, credentialId: string, endsAt: Date): string {
  const payload = `${credentialId}.${Math.floor(endsAt.getTime() / 1000)}`;
  return `${payload}.${sign(key, payload)}`;
}

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * What a token names: `bad` when it is not one of ours (a wrong signature reads as an unknown file), `expired`
 * once its second has passed, else the credential's id.
 */
export function readFileToken(
  key: Buffer,
  token: string,
  now: Date,
): { ok: true; credentialId: string } | { ok: false; why: 'bad' | 'expired' } {
  const m = TOKEN.exec(token);
  if (!m) return { ok: false, why: 'bad' };
  const expected = Buffer.from(sign(key, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, why: 'bad' };
  if (Number(m[2]) * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
  return { ok: true, credentialId: m[1] };
}
