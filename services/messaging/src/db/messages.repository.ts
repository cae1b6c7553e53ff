import { randomUUID } from 'node:crypto';
import { sql, type Database, type Executor, type Tx } from '@brigade/kit';
import type { StoredMessage } from '../domain/message-view';

/** What a thread answer reads of each message (named: a prepared statement must not depend on `*`). */
const MESSAGE_COLUMNS =
  'id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content, translated_language, created_at';
const messageColumns = sql.raw(MESSAGE_COLUMNS);

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
  },
): Promise<StoredMessage> {
  const m = message;
  const [row] = await database.rows<StoredMessage>(
    sql`insert into messaging.messages
          (id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content, translated_language, created_at)
        values (${randomUUID()}, ${m.thread.job_id}, ${m.thread.chef_id}, ${m.seq}, ${m.senderId}, ${m.recipientId}, ${m.text},
                ${m.originalLanguage}, ${m.translated}, ${m.translatedLanguage}, ${new Date(m.at).toISOString()})
        returning *`,
    tx,
  );
  return row;
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

/**
 * A thread poll with a message cursor, in one round trip: whether the cursor is one of the thread's messages,
 * the first `limit` messages after it up to `upTo` (oldest first), and the reader's read marker (how far they
 * have read, and whether it was moved within the last `refreshSeconds`). `cursor: false`: not the thread's.
 */
export async function pollAfterMessage(
  database: Database,
  thread: ThreadKey,
  readerId: string,
  messageId: string,
  upTo: number,
  limit: number,
  refreshSeconds: number,
): Promise<{ cursor: boolean; rows: StoredMessage[]; marker: { seq: number; recent: boolean } | null }> {
  const found = await database.rows<
    Omit<StoredMessage, 'id'> & {
      id: string | null;
      marker_seq: number | null;
      marker_recent: boolean | null;
    }
  >(
    sql`select ${messageColumnsOf('m')}, r.last_read_seq as marker_seq, r.recent as marker_recent
        from (select seq from messaging.messages
              where id = ${messageId} and job_id = ${thread.job_id} and chef_id = ${thread.chef_id}) c
        left join lateral (
          select ${messageColumns} from messaging.messages
          where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq <= ${upTo} and seq > c.seq
          order by seq asc limit ${limit}) m on true
        left join lateral (
          select last_read_seq, read_at >= now() - make_interval(secs => ${refreshSeconds}) as recent
          from messaging.thread_reads
          where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and reader_id = ${readerId}) r on true
        order by m.seq asc`,
    undefined,
    { prepared: true },
  );
  if (found.length === 0) return { cursor: false, rows: [], marker: null };
  const first = found[0];
  const marker =
    first.marker_seq === null
      ? null
      : { seq: Number(first.marker_seq), recent: first.marker_recent === true };
  const rows = found.flatMap(({ marker_seq: _seq, marker_recent: _recent, ...m }) =>
    m.id === null ? [] : [m as StoredMessage],
  );
  return { cursor: true, rows, marker };
}

/** The message columns, qualified by a table alias. */
const messageColumnsOf = (alias: string) =>
  sql.raw(
    MESSAGE_COLUMNS.split(', ')
      .map((c) => `${alias}.${c}`)
      .join(', '),
  );

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
    created_at: Date | string;
  }>(
    sql`select id, chef_id, sender_id, original_content, original_language, translated_content, created_at
        from messaging.messages where job_id = ${jobId} order by created_at, seq, id`,
  );
}
