import webpush from 'web-push';
import { vapidSubject } from '../config';
import type { NotificationsContext } from '../context';
import { keptSecret } from '../db/secrets.repository';
import type { VapidDetails } from '../adapters/push-port';

/**
 * The VAPID key pair pushes are signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair made once and
 * kept with the data (`secrets`, 'vapid'), so every replica and every restart signs with the key browsers
 * subscribed with.
 */
export async function vapidDetails(
  ctx: Pick<NotificationsContext, 'database' | 'config'>,
): Promise<VapidDetails> {
  const { config } = ctx;
  const keys =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : (JSON.parse(
          await keptSecret(ctx.database, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
        ) as { publicKey: string; privateKey: string });
  return { subject: vapidSubject(config), publicKey: keys.publicKey, privateKey: keys.privateKey };
}
