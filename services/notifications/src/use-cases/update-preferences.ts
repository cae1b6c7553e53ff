import type { Database } from '@brigade/kit';
import type { notificationsHttp } from '@brigade/contracts';
import { getPreferences, savePreferences } from '../db/preferences.repository';
import { saveChannels } from '../db/channel-preferences.repository';
import { getPreferences as preferencesNow } from '../queries/get-preferences';

/** Save the toggles and channel switches that were sent; the others keep their value. Returns the full set. */
export async function updatePreferences(
  database: Database,
  userId: string,
  changes: notificationsHttp.UpdatePreferencesRequest,
): Promise<notificationsHttp.NotificationPreferences> {
  const { channels, ...toggles } = changes;
  await database.transaction(async (tx) => {
    if (Object.values(toggles).some((v) => v !== undefined)) {
      const current = await getPreferences(database, userId, tx);
      await savePreferences(database, userId, { ...current, ...toggles }, toggles, tx);
    }
    if (channels) await saveChannels(database, tx, userId, channels);
  });
  return preferencesNow(database, userId);
}
