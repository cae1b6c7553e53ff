import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import { DEFAULT_PREFERENCES } from '../domain/rules';

export interface Preferences {
  sms_notifications: boolean;
  job_reminders: boolean;
  rating_reminders: boolean;
}

/** A user's three toggles; all on until they change one. */
export async function getPreferences(
  database: Database,
  userId: string,
  tx?: Executor,
): Promise<Preferences> {
  const rows = await database.rows<Preferences>(
    sql`select sms_notifications, job_reminders, rating_reminders from notifications.preferences where user_id = ${userId}`,
    tx,
    { prepared: true }, // once per text sent (planning: 0.06 ms, running: 0.01)
  );
  return preferencesFromRow(rows[0]);
}

/** Several people's toggles at once, by user id (all on for one who never changed any). */
export async function getPreferencesOf(
  database: Database,
  userIds: readonly string[],
  tx?: Executor,
): Promise<Map<string, Preferences>> {
  const rows = await database.rows<Preferences & { user_id: string }>(
    sql`select user_id, sms_notifications, job_reminders, rating_reminders from notifications.preferences
        where user_id = any(${idArray(userIds)}::uuid[])`,
    tx,
    { prepared: true },
  );
  const stored = new Map(rows.map((r) => [r.user_id, r]));
  return new Map(userIds.map((id) => [id, preferencesFromRow(stored.get(id))]));
}

/** A person's toggles from their row (`notifications.preferences`), or the defaults without one. */
export const preferencesFromRow = (row: Preferences | null | undefined): Preferences =>
  row ? pick(row) : { ...DEFAULT_PREFERENCES };

/**
 * Save a user's toggles: `next` when they have none yet, otherwise only the `changes` (the others keep their
 * stored value). Returns the full set as stored.
 */
export async function savePreferences(
  database: Database,
  userId: string,
  next: Preferences,
  changes: Partial<Preferences>,
  tx?: Executor,
): Promise<Preferences> {
  const rows = await database.rows<Preferences>(
    sql`insert into notifications.preferences (user_id, sms_notifications, job_reminders, rating_reminders)
        values (${userId}, ${next.sms_notifications}, ${next.job_reminders}, ${next.rating_reminders})
        on conflict (user_id) do update set
          sms_notifications = coalesce(${changes.sms_notifications ?? null}::boolean, notifications.preferences.sms_notifications),
          job_reminders = coalesce(${changes.job_reminders ?? null}::boolean, notifications.preferences.job_reminders),
          rating_reminders = coalesce(${changes.rating_reminders ?? null}::boolean, notifications.preferences.rating_reminders),
          updated_at = now()
        returning sms_notifications, job_reminders, rating_reminders`,
    tx,
  );
  return pick(rows[0]);
}

const pick = (p: Preferences): Preferences => ({
  sms_notifications: Boolean(p.sms_notifications),
  job_reminders: Boolean(p.job_reminders),
  rating_reminders: Boolean(p.rating_reminders),
});
