import type { Tx } from '@brigade/kit';
import { bumpInboxes } from '../db/inboxes.repository';
import { recordParticipant } from '../db/participants.repository';
import { threadPeopleOfUser } from '../db/threads.repository';
import type { MessagingContext } from '../context';

/** What an identity event says about a user, as of the event's time `at`. */
export interface ParticipantFacts {
  userId: string;
  userType: string;
  language: string;
  /** Only profile events carry a name. */
  name?: string;
  at: string;
}

/**
 * A user's type, language preference and (from a profile) name; an older event never overwrites a newer one.
 * A new name changes the lists of everyone who talks with that user.
 */
export async function recordParticipantFacts(ctx: MessagingContext, tx: Tx, facts: ParticipantFacts) {
  const { database, stamps } = ctx;
  const { nameChanged } = await recordParticipant(database, tx, facts);
  if (facts.name === undefined || !nameChanged) return;
  const people = await threadPeopleOfUser(database, tx, facts.userId);
  await bumpInboxes(
    database,
    tx,
    [facts.userId, ...people.flatMap((p) => [p.chef_id, p.restaurant_id])],
    stamps,
  );
}
