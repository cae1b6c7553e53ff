import type { Database } from '@brigade/kit';
import { getPreferences, savePreferences, type Preferences } from '../db/preferences.repository';

/** Save the toggles that were sent; the others keep their value. Returns the full set. */
export async function updatePreferences(
  database: Database,
  userId: string,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const current = await getPreferences(database, userId);
  return savePreferences(database, userId, { ...current, ...changes }, changes);
}
