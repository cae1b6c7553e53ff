import type { Database } from '@brigade/kit';
import { getPreferences as preferencesOf, type Preferences } from '../db/preferences.repository';

/** A user's text toggles (every one on until they turn it off). */
export async function getPreferences(database: Database, userId: string): Promise<Preferences> {
  return preferencesOf(database, userId);
}
