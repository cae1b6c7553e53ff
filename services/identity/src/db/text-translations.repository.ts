import { sql, type Database, type Executor } from '@brigade/kit';
import type { KeptTranslation } from '@brigade/contracts';

/**
 * Keep the translation of a restaurant's description beside the version it was made of (`written_at`): a
 * translation of another version changes nothing. True when it was kept.
 */
export async function keepDescriptionTranslation(
  database: Database,
  tx: Executor,
  restaurantUserId: string,
  translation: KeptTranslation,
): Promise<boolean> {
  const rows = await database.rows(
    sql`update identity.restaurant_profiles set description_translation = ${JSON.stringify(translation)}::jsonb
        where user_id = ${restaurantUserId} and description_translation->>'written_at' = ${translation.written_at}
        returning id`,
    tx,
  );
  return rows.length > 0;
}
