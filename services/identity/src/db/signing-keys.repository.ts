import type { Database } from '@brigade/kit';
import { signingKeys } from './schema';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** Every signing key, oldest first. */
export async function listSigningKeys(database: Database): Promise<SigningKeyRow[]> {
  return database.db.select().from(signingKeys).orderBy(signingKeys.createdAt);
}

/** Keep a new signing key (a key of the same kid already kept wins). */
export async function insertSigningKey(
  database: Database,
  key: { kid: string; privateJwk: unknown; publicJwk: unknown },
) {
  await database.db.insert(signingKeys).values(key).onConflictDoNothing();
}
