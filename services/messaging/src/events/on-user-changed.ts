import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { Database, Tx } from '@brigade/kit';
import { recordParticipant } from '../db/participants';

/** identity.user.registered.v1 / identity.user.updated.v1: the user's type and language preference. */
export function onUserChanged<T extends 'identity.user.registered.v1' | 'identity.user.updated.v1'>(
  database: Database,
) {
  return async (tx: Tx, data: EventData<T>, event: EventEnvelope<EventData<T>>) => {
    await recordParticipant(database, tx, {
      userId: data.user_id,
      userType: data.user_type,
      language: data.language_preference,
      at: event.occurred_at,
    });
  };
}
