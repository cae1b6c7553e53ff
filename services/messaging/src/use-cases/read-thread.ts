import type { messagingHttp } from '@brigade/contracts';
import {
  appendEvent,
  etagMatches,
  isUuid,
  sql,
  type AuthUser,
  type Database,
  type OutboxRelay,
  type Tx,
  type VersionStamps,
} from '@brigade/kit';
import { badCursor } from '../domain/errors';
import { etagOf } from '../domain/etag';
import { viewFor, type StoredMessage } from '../domain/message-view';
import { bumpInboxes } from '../db/inboxes';
import type { ThreadRef } from './resolve-thread';

const DEFAULT_LIMIT = 500;
/** While a reader keeps polling an unchanged thread (304s), their presence is re-announced at most this often. */
const PRESENCE_REFRESH_SECONDS = 60;
/** What a thread answer reads of each message (named: a prepared statement must not depend on `*`). */
const messageColumns = sql.raw(
  'id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content, translated_language, created_at',
);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface ReadDeps {
  database: Database;
  relay: OutboxRelay;
  stamps: VersionStamps;
}

export type ReadResult =
  { status: 304; etag: string } | { status: 200; etag: string; body: messagingHttp.ThreadResponse };

/**
 * Open a thread: the messages as this reader sees them (after `since` when given), and the thread marked
 * read for them (`messaging.thread.read.v1`). An unchanged thread answers 304 to a matching If-None-Match.
 */
export async function readThread(
  deps: ReadDeps,
  reader: AuthUser,
  thread: ThreadRef,
  query: { since?: string; limit?: number },
  ifNoneMatch?: string,
): Promise<ReadResult> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const since = parseSince(query.since);
  const etag = etagOf(
    't',
    thread.job_id,
    thread.chef_id,
    thread.application_id,
    thread.last_seq,
    reader.id,
    query.since,
    limit,
  );
  const { database } = deps;

  if (etagMatches(ifNoneMatch, etag)) {
    // Nothing new to show; still tell notifications the reader is looking, now and then.
    const published = await database.transaction(async (tx) => {
      const touched = await database.rows<{ last_read_seq: number; read_at: Date | string }>(
        sql`update messaging.thread_reads set read_at = now()
            where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and reader_id = ${reader.id}
              and read_at < now() - make_interval(secs => ${PRESENCE_REFRESH_SECONDS})
            returning last_read_seq, read_at`,
        tx,
      );
      if (!touched[0]) return false;
      await publishRead(database, tx, thread, reader, Number(touched[0].last_read_seq), touched[0].read_at);
      return true;
    });
    if (published) deps.relay.kick();
    return { status: 304, etag };
  }

  // Read without a transaction: every statement is bounded by the thread's last_seq read with the thread,
  // so the answer is one consistent snapshot of the thread as of that read.
  const upTo = thread.last_seq;
  let rows: StoredMessage[];
  if (since === null) {
    rows = await database.rows<StoredMessage>(
      sql`select * from (
            select ${messageColumns} from messaging.messages
            where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq <= ${upTo}
            order by seq desc limit ${limit}) newest
          order by seq asc`,
      undefined,
      { prepared: true },
    );
  } else {
    let after: SQLCondition;
    if (since.kind === 'id') {
      const cursor = await database.rows<{ seq: number }>(
        sql`select seq from messaging.messages where id = ${since.id} and job_id = ${thread.job_id} and chef_id = ${thread.chef_id}`,
        undefined,
        { prepared: true },
      );
      if (!cursor[0]) throw badCursor();
      after = sql`seq > ${cursor[0].seq}`;
    } else {
      after = sql`created_at > ${since.at.toISOString()}`;
    }
    rows = await database.rows<StoredMessage>(
      sql`select ${messageColumns} from messaging.messages
          where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq <= ${upTo} and ${after}
          order by seq asc limit ${limit}`,
      undefined,
      { prepared: true },
    );
  }
  const seen = rows.length > 0 ? Number(rows[rows.length - 1].seq) : 0;
  // A poll that shows nothing new and comes soon after the last announced read writes nothing: the read
  // marker only moves forward, and presence is re-announced at most once a minute (as for 304s).
  if (await readMarkerStale(database, thread, reader, seen)) {
    await database.transaction((tx) => markRead(deps, tx, thread, reader, seen));
    deps.relay.kick();
  }
  const body = {
    messages: rows.map((m) => viewFor(reader.id, m)),
    user_role: thread.user_role,
    job_id: thread.job_id,
    chef_id: thread.chef_id,
    application_id: thread.application_id,
  };
  return { status: 200, etag, body };
}

/** Whether this read moves the reader's marker forward or is due to re-announce their presence. */
async function readMarkerStale(database: Database, thread: ThreadRef, reader: AuthUser, seen: number) {
  const [row] = await database.rows<{ fresh: boolean }>(
    sql`select last_read_seq >= ${seen} and read_at >= now() - make_interval(secs => ${PRESENCE_REFRESH_SECONDS}) as fresh
        from messaging.thread_reads
        where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and reader_id = ${reader.id}`,
    undefined,
    { prepared: true },
  );
  return !row?.fresh;
}

type SQLCondition = ReturnType<typeof sql>;

function parseSince(
  since: string | undefined,
): null | { kind: 'id'; id: string } | { kind: 'time'; at: Date } {
  if (since === undefined) return null;
  if (isUuid(since)) return { kind: 'id', id: since.toLowerCase() };
  if (ISO.test(since)) {
    const at = new Date(since);
    if (!Number.isNaN(at.getTime())) return { kind: 'time', at };
  }
  throw badCursor();
}

/** The reader has now seen up to `seq`: record it (never backwards) and announce it. */
async function markRead(
  { database, stamps }: ReadDeps,
  tx: Tx,
  thread: ThreadRef,
  reader: AuthUser,
  seq: number,
) {
  const before = await database.rows<{ last_read_seq: number }>(
    sql`select last_read_seq from messaging.thread_reads
        where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and reader_id = ${reader.id} for update`,
    tx,
  );
  const [row] = await database.rows<{ last_read_seq: number; read_at: Date | string }>(
    sql`insert into messaging.thread_reads (job_id, chef_id, reader_id, last_read_seq, read_at)
        values (${thread.job_id}, ${thread.chef_id}, ${reader.id}, ${seq}, now())
        on conflict (job_id, chef_id, reader_id) do update
          set last_read_seq = greatest(messaging.thread_reads.last_read_seq, excluded.last_read_seq), read_at = now()
        returning last_read_seq, read_at`,
    tx,
  );
  const previous = before[0] ? Number(before[0].last_read_seq) : 0;
  if (Number(row.last_read_seq) > previous) await bumpInboxes(database, tx, [reader.id], stamps);
  await publishRead(database, tx, thread, reader, Number(row.last_read_seq), row.read_at);
}

async function publishRead(
  database: Database,
  tx: Tx,
  thread: ThreadRef,
  reader: AuthUser,
  lastReadSeq: number,
  readAt: Date | string,
) {
  const last =
    lastReadSeq > 0
      ? await database.rows<{ id: string }>(
          sql`select id from messaging.messages where job_id = ${thread.job_id} and chef_id = ${thread.chef_id} and seq = ${lastReadSeq}`,
          tx,
        )
      : [];
  await appendEvent(database, tx, 'messaging.thread.read.v1', {
    job_id: thread.job_id,
    chef_id: thread.chef_id,
    reader_id: reader.id,
    read_at: new Date(readAt).toISOString(),
    last_read_message_id: last[0]?.id ?? null,
  });
}
