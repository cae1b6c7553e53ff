import type { messagingHttp } from '@brigade/contracts';
import { etagMatches, sql, type AuthUser, type Database } from '@brigade/kit';
import { etagOf } from '../domain/etag';
import { inboxVersion } from '../db/inboxes';

export type ConversationsResult =
  | { status: 304; etag: string; version: string }
  | { status: 200; etag: string; version: string; body: { conversations: messagingHttp.Conversation[] } };

interface Row {
  job_id: string;
  chef_id: string;
  restaurant_id: string;
  application_id: string;
  application_status: string;
  job_title: string | null;
  restaurant_name: string | null;
  chef_name: string | null;
  m_sender_id: string | null;
  m_recipient_id: string | null;
  m_original: string | null;
  m_translated: string | null;
  m_created_at: Date | string | null;
  unread_count: number | string;
}

/**
 * The signed-in user's conversations, most recent activity first: one per (job, chef) they take part in,
 * with the latest message as they see it and how many messages from the other side they have not read.
 * The ETag is the user's inbox version, so an unchanged list costs one primary-key lookup.
 */
export async function listConversations(
  database: Database,
  user: AuthUser,
  ifNoneMatch?: string,
): Promise<ConversationsResult> {
  const version = await inboxVersion(database, user.id);
  const etag = etagOf('c', user.id, version);
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag, version };

  const mine = user.type === 'chef' ? sql`t.chef_id = ${user.id}` : sql`t.restaurant_id = ${user.id}`;
  const rows = await database.rows<Row>(
    sql`select t.job_id, t.chef_id, t.restaurant_id, t.application_id, t.application_status,
               j.title as job_title, rp.name as restaurant_name, cp.name as chef_name,
               m.sender_id as m_sender_id, m.recipient_id as m_recipient_id, m.original_content as m_original,
               m.translated_content as m_translated, m.created_at as m_created_at,
               (select count(*) from messaging.messages u
                 where u.job_id = t.job_id and u.chef_id = t.chef_id
                   and u.seq > coalesce(r.last_read_seq, 0) and u.sender_id <> ${user.id}) as unread_count
        from messaging.threads t
        left join messaging.jobs j on j.job_id = t.job_id
        left join messaging.participants rp on rp.user_id = t.restaurant_id
        left join messaging.participants cp on cp.user_id = t.chef_id
        left join messaging.messages m on m.job_id = t.job_id and m.chef_id = t.chef_id and m.seq = t.last_seq
        left join messaging.thread_reads r on r.job_id = t.job_id and r.chef_id = t.chef_id and r.reader_id = ${user.id}
        where ${mine}
        order by coalesce(t.last_message_at, t.created_at) desc, t.job_id, t.chef_id
        limit 500`,
    undefined,
    { prepared: true },
  );
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
