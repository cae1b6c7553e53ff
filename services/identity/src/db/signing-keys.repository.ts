import { sql, type Database } from '@brigade/kit';
import { signingKeys } from './schema';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** Every signing key, oldest first. */
export async function listSigningKeys(database: Database): Promise<SigningKeyRow[]> {
  return database.db.select().from(signingKeys).orderBy(signingKeys.createdAt);
}

export interface NewSigningKey {
  kid: string;
  privateJwk: unknown;
  publicJwk: unknown;
}

/**
 * Every signing key, the first one kept (`make`) when there is none yet: under an advisory lock, so that
 * instances starting together on a new database keep one key between them. Without it each could find none,
 * keep its own and sign with it, while the others, verifying with the keys they read at their start, refuse
 * its tokens (401: seen with two identity instances in hardening/instances.real.test.ts).
 */
export async function signingKeysWithFirst(
  database: Database,
  make: () => Promise<NewSigningKey>,
): Promise<SigningKeyRow[]> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity.signing_keys'))`);
    const kept = await tx.select({ kid: signingKeys.kid }).from(signingKeys).limit(1);
    if (kept.length === 0) await tx.insert(signingKeys).values(await make());
  });
  return listSigningKeys(database);
}
