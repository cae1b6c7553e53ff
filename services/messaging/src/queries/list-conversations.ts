import type { messagingHttp } from '@brigade/contracts';
import { etagMatches, type AuthUser, type Database } from '@brigade/kit';
import { etagOf } from '../domain/etag';
import { inboxVersion } from '../db/inboxes.repository';
import { conversationsOf } from '../db/threads.repository';

export type ConversationsResult =
  | { status: 304; etag: string; version: string }
  | { status: 200; etag: string; version: string; body: { conversations: messagingHttp.Conversation[] } };

/**
 * The signed-in user's conversations, most recent activity first: one per (job, chef) they take part in,
 * with the latest message as they see it and how many messages from the other side they have not read.
 * The ETag is the user's inbox version, so an unchanged list costs one primary-key lookup. A poll without
 * If-None-Match (the first, or after the client dropped its copy) goes straight to the list, which reads
 * the version in the same statement: one round trip to the database.
 */
export async function listConversations(
  database: Database,
  user: AuthUser,
  ifNoneMatch?: string,
): Promise<ConversationsResult> {
  let known: string | undefined;
  if (ifNoneMatch) {
    known = await inboxVersion(database, user.id);
    const etag = etagOf('c', user.id, known);
    if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag, version: known };
  }
  const rows = await conversationsOf(database, user);
  // the version the list was read at (a change between the two statements is in both the list and its ETag)
  const version =
    rows.length > 0 ? String(rows[0].inbox_version) : (known ?? (await inboxVersion(database, user.id)));
  const etag = etagOf('c', user.id, version);
  const conversations = rows.map((r): messagingHttp.Conversation => {
    const showTranslation = r.m_recipient_id === user.id && r.m_translated !== null;
    return {
      job_id: r.job_id,
      application_id: r.application_id,
      application_status: r.application_status,
      chef_id: r.chef_id,
      restaurant_id: r.restaurant_id,
      job_title: r.job_title ?? '',
      restaurant_name: r.restaurant_name,
      chef_name: r.chef_name,
      other_party_name: user.type === 'chef' ? r.restaurant_name : r.chef_name,
      latest_message:
        r.m_created_at === null
          ? null
          : {
              content: (showTranslation ? r.m_translated : r.m_original) ?? '',
              created_at: new Date(r.m_created_at).toISOString(),
            },
      unread_count: Number(r.unread_count),
    };
  });
  return { status: 200, etag, version, body: { conversations } };
}
