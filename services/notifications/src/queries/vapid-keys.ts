import webpush from 'web-push';
import type { Database } from '@brigade/kit';
import { vapidSubject } from '../config';
import type { NotificationsContext } from '../context';
import { keptSecret } from '../db/secrets.repository';
import type { VapidDetails } from '../adapters/push-port';

/**
 * The VAPID key pair pushes are signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair made once and
 * kept with the data (`secrets`, 'vapid'), so every replica and every restart signs with the key browsers
 * subscribed with.
 */
/** The kept pair, read once per database by this process (it never changes once made). */
const keptPairs = new WeakMap<Database, Promise<{ publicKey: string; privateKey: string }>>();

const keptPair = (database: Database) => {
  let pair = keptPairs.get(database);
  if (!pair) {
    pair = keptSecret(database, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())).then(
      (v) => JSON.parse(v) as { publicKey: string; privateKey: string },
    );
    pair.catch(() => keptPairs.delete(database));
    keptPairs.set(database, pair);
  }
  return pair;
};

export async function vapidDetails(
  ctx: Pick<NotificationsContext, 'database' | 'config'>,
): Promise<VapidDetails> {
  const { config } = ctx;
  const keys =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : await keptPair(ctx.database);
  return { subject: vapidSubject(config), publicKey: keys.publicKey, privateKey: keys.privateKey };
}
