import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text, the alphabet of Stripe ids. */
export function base62(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % 62];
  return out;
}

/** An id in Stripe's format: `pi_3Q...` (24 characters after the prefix). */
export function stripeId(prefix: string): string {
  return `${prefix}_1${base62(23)}`;
}

export function clientSecret(paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${base62(25)}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
