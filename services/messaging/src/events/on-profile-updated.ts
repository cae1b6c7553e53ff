import type { EventData, EventEnvelope } from '@brigade/contracts';
import { sql, type Database, type Tx, type VersionStamps } from '@brigade/kit';
import { bumpInboxes } from '../db/inboxes';
import { recordParticipant } from '../db/participants';

type ProfileEvent = 'identity.chef_profile.updated.v1' | 'identity.restaurant_profile.updated.v1';

/**
 * A chef or restaurant profile changed: its name (shown in conversation lists) and language preference.
 * A new name changes the lists of everyone who talks with that user.
 */
export function onProfileUpdated<T extends ProfileEvent>(database: Database, type: T, stamps: VersionStamps) {
  const userType = type === 'identity.chef_profile.updated.v1' ? 'chef' : 'restaurant';
  return async (tx: Tx, data: EventData<T>, event: EventEnvelope<EventData<T>>) => {
    const { nameChanged } = await recordParticipant(database, tx, {
      userId: data.user_id,
      userType,
      name: data.name,
      language: data.language_preference,
      at: event.occurred_at,
    });
    if (!nameChanged) return;
    const people = await database.rows<{ chef_id: string; restaurant_id: string }>(
      sql`select chef_id, restaurant_id from messaging.threads where chef_id = ${data.user_id} or restaurant_id = ${data.user_id}`,
      tx,
    );
    await bumpInboxes(
      database,
      tx,
      [data.user_id, ...people.flatMap((p) => [p.chef_id, p.restaurant_id])],
      stamps,
    );
  };
}
