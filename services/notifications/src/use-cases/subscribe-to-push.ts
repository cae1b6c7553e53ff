import { ECDH } from 'node:crypto';
import { AppError } from '@brigade/kit';
import type { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { savePushSubscription } from '../db/push-subscriptions.repository';
import { hostAllowed } from '../domain/push';

/**
 * Keep a browser's push subscription for the signed-in person. Its endpoint must be on a push service Brigade
 * sends to (PUSH_ENDPOINT_HOSTS, over https; or the push sandbox's host, over http too), and its key a point of
 * P-256; else 400 and nothing kept. The same endpoint again (another person on that browser) moves it to them.
 */
export async function subscribeToPush(
  ctx: NotificationsContext,
  userId: string,
  sub: notificationsHttp.PushSubscriptionRequest,
) {
  const url = new URL(sub.endpoint);
  const sandbox = ctx.config.PUSH_SANDBOX_URL ? new URL(ctx.config.PUSH_SANDBOX_URL) : null;
  const onSandbox = !!sandbox && url.host === sandbox.host && url.protocol === sandbox.protocol;
  const onService = url.protocol === 'https:' && hostAllowed(url.hostname, ctx.config.PUSH_ENDPOINT_HOSTS);
  if ((!onSandbox && !onService) || url.username || url.password)
    throw new AppError(
      400,
      'NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED',
      `Push subscriptions are taken for ${ctx.config.PUSH_ENDPOINT_HOSTS.join(', ')} only (over https)`,
    );
  try {
    ECDH.convertKey(Buffer.from(sub.keys.p256dh, 'base64url'), 'prime256v1');
  } catch {
    throw new AppError(400, 'VALIDATION.FAILED', 'keys.p256dh is not a point of P-256');
  }
  const expiresAt = typeof sub.expirationTime === 'number' ? new Date(sub.expirationTime) : null;
  await savePushSubscription(
    ctx.database,
    {
      endpoint: sub.endpoint,
      userId,
      p256dh: sub.keys.p256dh.replace(/=+$/, ''),
      auth: sub.keys.auth.replace(/=+$/, ''),
      expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
    },
    ctx.now(),
  );
  return { endpoint: sub.endpoint, expirationTime: sub.expirationTime ?? null };
}
