import { sql, type AuthUser, type Database, type Executor } from '@brigade/kit';

/**
 * A user seen through their access token before identity's events arrived: keep their type and language
 * (from the token) until the events, which always win, say otherwise.
 */
export async function rememberUser(database: Database, tx: Executor, user: AuthUser): Promise<void> {
  await database.rows(
    sql`insert into messaging.participants (user_id, user_type, language) values (${user.id}, ${user.type}, ${user.language})
        on conflict (user_id) do nothing`,
    tx,
  );
}

/** Record what an identity event says about a user; an older event never overwrites a newer one. */
export async function recordParticipant(
  database: Database,
  tx: Executor,
  facts: { userId: string; userType: string; language: string; name?: string; at: string },
): Promise<{ nameChanged: boolean }> {
  const before = await database.rows<{ name: string | null }>(
    sql`select name from messaging.participants where user_id = ${facts.userId} for update`,
    tx,
  );
  await database.rows(
    sql`insert into messaging.participants (user_id, user_type, name, name_at, language, language_at)
        values (${facts.userId}, ${facts.userType}, ${facts.name ?? null}, ${facts.name === undefined ? null : facts.at},
                ${facts.language}, ${facts.at})
        on conflict (user_id) do update set
          user_type = excluded.user_type,
          name = case when excluded.name_at is not null and (messaging.participants.name_at is null or excluded.name_at >= messaging.participants.name_at)
                      then excluded.name else messaging.participants.name end,
          name_at = case when excluded.name_at is not null and (messaging.participants.name_at is null or excluded.name_at >= messaging.participants.name_at)
                      then excluded.name_at else messaging.participants.name_at end,
          language = case when messaging.participants.language_at is null or excluded.language_at >= messaging.participants.language_at
                      then excluded.language else messaging.participants.language end,
          language_at = case when messaging.participants.language_at is null or excluded.language_at >= messaging.participants.language_at
                      then excluded.language_at else messaging.participants.language_at end`,
    tx,
  );
  const after = await database.rows<{ name: string | null }>(
    sql`select name from messaging.participants where user_id = ${facts.userId}`,
    tx,
  );
  return { nameChanged: (before[0]?.name ?? null) !== (after[0]?.name ?? null) };
}

/** The language each of these users prefers, as far as messaging knows (unknown users are left out). */
export async function participantLanguages(database: Database, userIds: string[]) {
  return database.rows<{ user_id: string; language: string | null }>(
    sql`select user_id, language from messaging.participants where user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** Issue 38: the name each of these users goes by, as far as messaging knows (unknown users are left out). */
export async function participantNames(database: Database, userIds: string[]) {
  if (userIds.length === 0) return [];
  return database.rows<{ user_id: string; name: string | null }>(
    sql`select user_id, name from messaging.participants where user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
