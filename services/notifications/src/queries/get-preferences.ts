import type { Database } from '@brigade/kit';
import type { notificationsHttp } from '@brigade/contracts';
import { getPreferences as preferencesOf } from '../db/preferences.repository';
import { allChannels } from '../db/channel-preferences.repository';

/** A user's text toggles (every one on until they turn it off) and their channels per type (issue 40). */
export async function getPreferences(
  database: Database,
  userId: string,
): Promise<notificationsHttp.NotificationPreferences> {
  const [toggles, channels] = await Promise.all([
    preferencesOf(database, userId),
    allChannels(database, userId),
  ]);
  return { ...toggles, channels };
}
