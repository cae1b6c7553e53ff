import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@brigade/contracts';

// Issue 40: the token of an email's one-click unsubscribe link: whose email and which type, signed with the
// service's key (HMAC-SHA256). It names no more than that, and does not expire: an old email's link still works.

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function unsubscribeToken(key: string, userId: string, type: NotificationType): string {
  const payload = b64(`${userId}.${type}`);
  return `${payload}.${b64(createHmac('sha256', key).update(payload).digest())}`;
}

/** The user and type a token names, or null when it is not one of ours (forged, cut, altered). */
export function readUnsubscribeToken(
  key: string,
  token: string,
): { userId: string; type: NotificationType } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, type] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  if (!userId || !(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  return { userId, type: type as NotificationType };
}
