import { randomUUID } from 'node:crypto';
import { sql, type Database, type Executor, type Tx } from '@brigade/kit';
import type { StoredMessage } from '../domain/message-view';

/** What a thread answer reads of each message (named: a prepared statement must not depend on `*`). */
const messageColumns = sql.raw(
  'id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content, translated_language, created_at',
);

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

/** The number of a message in this thread, or undefined when it is not one of the thread's. */
export async function messageSeq(database: Database, thread: ThreadKey, messageId: string) {
  const cursor = await database.rows<{ seq: number }>(
    sql`select seq from messaging.messages where id = ${messageId} and job_id = ${thread.job_id} and chef_id = ${thread.chef_id}`,
    undefined,
    { prepared: true },
  );
  return cursor[0]?.seq;
}

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
