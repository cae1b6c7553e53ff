import { randomUUID } from 'node:crypto';
import { sql, type AuthUser, type Database, type Executor, type Tx } from '@brigade/kit';
import type { ThreadRow } from './threads.repository';
import type { StoredMessage } from '../domain/message-view';

/** What a thread answer reads of each message (named: a prepared statement must not depend on `*`). */
const MESSAGE_COLUMNS =
  'id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content, translated_language, created_at, client_id';
const messageColumns = sql.raw(MESSAGE_COLUMNS);
const MESSAGE_KEYS = MESSAGE_COLUMNS.split(', ') as Array<keyof StoredMessage>;

type ThreadKey = { job_id: string; chef_id: string };

/** Store a message (numbered `seq`, sent at `at`) and return it as stored. */
export async function insertMessage(
  database: Database,
  tx: Tx,
  message: {
    thread: ThreadKey;
    seq: number;
    senderId: string;
    recipientId: string;
    text: string;
    originalLanguage: string;
    translated: string | null;
    translatedLanguage: string | null;
    at: Date | string;
    clientId?: string | null;
    /** the thread's revision this message took (`takeNextSeq`) */
    revision: number;
  },
): Promise<StoredMessage> {
  const m = message;
  const [row] = await database.rows<StoredMessage>(
    sql`insert into messaging.messages
          (id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content,
           translated_language, created_at, written_rev, client_id)
        values (${randomUUID()}, ${m.thread.job_id}, ${m.thread.chef_id}, ${m.seq}, ${m.senderId}, ${m.recipientId}, ${m.text},
                ${m.originalLanguage}, ${m.translated}, ${m.translatedLanguage}, ${new Date(m.at).toISOString()}, ${m.revision},
                ${m.clientId ?? null})
        returning ${messageColumns}`,
    tx,
  );
  return row;
}

/** The message a sender already sent in a thread with this client id (a retry), if any. */
export async function messageByClientId(
  database: Database,
  thread: ThreadKey,
  senderId: string,
  clientId: string,
  tx?: Executor,
): Promise<StoredMessage | undefined> {
  const [row] = await database.rows<StoredMessage>(
    sql`select ${messageColumns} from messaging.messages
        where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and sender_id = ${senderId}
          and client_id = ${clientId}`,
    tx,
  );
  return row;
}

/** A message as a late translation needs it: its thread, number, recipient and texts. */
export async function messageToTranslate(database: Database, id: string) {
  const rows = await database.rows<StoredMessage>(
    sql`select ${messageColumns} from messaging.messages where id = ${id}`,
  );
  return rows[0] ?? null;
}

/**
 * Keep a translation that landed after its message was sent, once (a message already translated is left as
 * it is): it is now what the recipient reads, revised at the thread's revision `revision`. False when the
 * message had one already.
 */
export async function setLateTranslation(
  database: Database,
  tx: Tx,
  id: string,
  translation: { text: string; language: string; originalLanguage: string; revision: number },
): Promise<boolean> {
  const updated = await database.rows(
    sql`update messaging.messages
           set translated_content = ${translation.text}, translated_language = ${translation.language},
               original_language = ${translation.originalLanguage}, revised_rev = ${translation.revision}
         where id = ${id} and translated_content is null
        returning id`,
    tx,
  );
  return updated.length > 0;
}

/** The newest `limit` messages of a thread up to `upTo`, oldest first. */
export async function newestMessages(database: Database, thread: ThreadKey, upTo: number, limit: number) {
  return database.rows<StoredMessage>(
    sql`select * from (
          select ${messageColumns} from messaging.messages
          where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq <= ${upTo}
          order by seq desc limit ${limit}) newest
        order by seq asc`,
    undefined,
    { prepared: true },
  );
}

/** Where a thread's messages continue after: a message (by its number) or a time. */
export type MessagesAfter = { seq: number } | { at: Date };

/** The first `limit` messages of a thread after `after`, up to `upTo`, oldest first. */
export async function messagesAfter(
  database: Database,
  thread: ThreadKey,
  after: MessagesAfter,
  upTo: number,
  limit: number,
) {
  const condition = 'seq' in after ? sql`seq > ${after.seq}` : sql`created_at > ${after.at.toISOString()}`;
  return database.rows<StoredMessage>(
    sql`select ${messageColumns} from messaging.messages
        where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq <= ${upTo} and ${condition}
        order by seq asc limit ${limit}`,
    undefined,
    { prepared: true },
  );
}

/** The thread a poll reads: its key, and with `restaurant_id` only when the restaurant that owns it asks. */
export interface ThreadPollTarget {
  job_id: string;
  chef_id: string;
  restaurant_id?: string;
}

/**
 * A thread poll's usual question in one round trip: the thread (none when it is not the reader's), whether the
 * cursor message `messageId` is in it, the messages after that one up to the thread's last_seq (and `upTo`,
 * when the thread was read before), oldest first, at most `limit`, with the earlier messages whose translation
 * landed since the cursor message was written (issue 32: the reader sees a late translation appear), and the
 * reader's read marker with whether it moved within `refreshSeconds`.
 */
export async function pollAfterMessage(
  database: Database,
  target: ThreadPollTarget,
  reader: AuthUser,
  messageId: string,
  upTo: number | null,
  limit: number,
  refreshSeconds: number,
): Promise<{
  thread: ThreadRow;
  cursor: boolean;
  rows: StoredMessage[];
  marker: { seq: number; recent: boolean } | null;
} | null> {
  const found = await database.rows<
    Omit<StoredMessage, 'id'> & {
      id: string | null;
      t_job_id: string;
      t_chef_id: string;
      t_restaurant_id: string;
      t_application_id: string;
      t_job_title: string | null;
      t_last_seq: number;
      t_revision: number | string;
      t_inbox_version: string | number | null;
      cursor_seq: number | null;
      marker_seq: number | null;
      marker_recent: boolean | null;
    }
  >(
    // The cursor message by its id alone (materialized: asked together with its thread's columns, the planner
    // ties the primary key with the thread's seq index, picks the latter and reads the thread to find one row).
    sql`with cursor as materialized (
          select seq, job_id, chef_id, coalesce(written_rev, 0) as written_rev from messaging.messages where id = ${messageId})
        select t.job_id as t_job_id, t.chef_id as t_chef_id, t.restaurant_id as t_restaurant_id,
          t.application_id as t_application_id, j.title as t_job_title, t.last_seq as t_last_seq,
          t.revision as t_revision,
          (select i.version from messaging.inboxes i where i.user_id = ${reader.id}) as t_inbox_version,
          c.seq as cursor_seq, ${messageColumnsOf('m')}, r.last_read_seq as marker_seq, r.recent as marker_recent
        from messaging.threads t
        left join messaging.jobs j on j.job_id = t.job_id
        left join cursor c on c.job_id = t.job_id and c.chef_id = t.chef_id
        left join lateral (
          select * from (
            (select ${messageColumns} from messaging.messages
              where job_id = t.job_id and chef_id = t.chef_id and seq <= least(t.last_seq, ${upTo}::bigint) and seq > c.seq
              order by seq asc limit ${limit})
            union all
            -- messages the client has whose translation landed after the cursor message was written
            (select ${messageColumns} from messaging.messages
              where job_id = t.job_id and chef_id = t.chef_id and seq <= c.seq and revised_rev is not null
                and revised_rev > c.written_rev and t.revision > c.written_rev)
          ) after_cursor) m on true
        left join lateral (
          select last_read_seq, read_at >= now() - make_interval(secs => ${refreshSeconds}) as recent
          from messaging.thread_reads
          where job_id = t.job_id and chef_id = t.chef_id and reader_id = ${reader.id}) r on true
        where t.job_id = ${target.job_id} and t.chef_id = ${target.chef_id}
          ${target.restaurant_id === undefined ? sql`` : sql`and t.restaurant_id = ${target.restaurant_id}`}
        order by m.seq asc`,
    undefined,
    { prepared: true },
  );
  if (found.length === 0) return null;
  const first = found[0];
  const thread: ThreadRow = {
    job_id: first.t_job_id,
    chef_id: first.t_chef_id,
    restaurant_id: first.t_restaurant_id,
    application_id: first.t_application_id,
    job_title: first.t_job_title,
    last_seq: first.t_last_seq,
    revision: first.t_revision,
    inbox_version: first.t_inbox_version,
  };
  if (first.cursor_seq === null) return { thread, cursor: false, rows: [], marker: null };
  const marker =
    first.marker_seq === null
      ? null
      : { seq: Number(first.marker_seq), recent: first.marker_recent === true };
  // Each message as the other reads return it: its columns only (the thread's and the marker's left out).
  const rows = found.flatMap((r) =>
    r.id === null ? [] : [Object.fromEntries(MESSAGE_KEYS.map((k) => [k, r[k]])) as unknown as StoredMessage],
  );
  return { thread, cursor: true, rows, marker };
}

/** The message columns, qualified by a table alias. */
const messageColumnsOf = (alias: string) => sql.raw(MESSAGE_KEYS.map((c) => `${alias}.${c}`).join(', '));

/** The id of the thread's message number `seq`, if any. */
export async function messageIdAt(database: Database, tx: Executor, thread: ThreadKey, seq: number) {
  const rows = await database.rows<{ id: string }>(
    sql`select id from messaging.messages where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq = ${seq}`,
    tx,
  );
  return rows[0]?.id;
}

/** Every message of a job's threads, oldest first (the operator console). */
export async function messagesOfJob(database: Database, jobId: string) {
  return database.rows<{
    id: string;
    chef_id: string;
    sender_id: string;
    original_content: string;
    original_language: string;
    translated_content: string | null;
    translated_language: string | null;
    created_at: Date | string;
  }>(
    sql`select id, chef_id, sender_id, original_content, original_language, translated_content,
          translated_language, created_at
        from messaging.messages where job_id = ${jobId} order by created_at, seq, id`,
  );
}
