import { eq } from 'drizzle-orm';
import { sql, type Database, type Executor } from '@brigade/kit';
import { users } from './schema';

/** A user identity registered (or registered again): its email and type, the latest kept. */
export async function upsertUser(
  database: Database,
  tx: Executor,
  user: { user_id: string; email: string; user_type: string },
) {
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.users (user_id, email, user_type) values (${user.user_id}, ${user.email}, ${user.user_type})
        on conflict (user_id) do update set email = excluded.email, user_type = excluded.user_type`,
  );
}

/** A user as payments knows them (email and type), or undefined. */
async function userOf(database: Database, userId: string, tx?: Executor) {
  const [row] = await (tx ?? database.db)
    .select({ email: users.email, userType: users.userType })
    .from(users)
    .where(eq(users.userId, userId));
  return row;
}

/** The email payments knows for a user (receipts, the Stripe account), or null. */
export async function emailOf(database: Database, userId: string, tx?: Executor): Promise<string | null> {
  return (await userOf(database, userId, tx))?.email ?? null;
}

/** The type of a user payments knows (chef or restaurant), or null. */
export async function userTypeOf(database: Database, userId: string, tx?: Executor): Promise<string | null> {
  return (await userOf(database, userId, tx))?.userType ?? null;
}

/** The name a chef's or restaurant's profile carries now (identity's profile events), the latest kept. */
export async function upsertProfileName(
  database: Database,
  tx: Executor,
  profile: { user_id: string; name: string; city?: string | null },
) {
  // Issue 38 (statements): the city too (its zone dates a restaurant's weeks and a chef's tax year).
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.profile_names (user_id, name, city) values (${profile.user_id}, ${profile.name}, ${profile.city ?? null})
        on conflict (user_id) do update set name = excluded.name, city = coalesce(excluded.city, ${sql.raw(database.schema)}.profile_names.city), updated_at = now()`,
  );
}
