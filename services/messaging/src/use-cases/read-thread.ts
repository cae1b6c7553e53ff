import type { messagingHttp } from '@brigade/contracts';
import {
  appendEvent,
  etagMatches,
  inTransaction,
  isUuid,
  type AuthUser,
  type Database,
  type Tx,
} from '@brigade/kit';
import { badCursor, threadNotFound } from '../domain/errors';
import { etagOf } from '../domain/etag';
import { viewFor, type StoredMessage } from '../domain/message-view';
import { bumpInboxes } from '../db/inboxes.repository';
import { messageIdAt, messagesAfter, newestMessages, pollAfterMessage } from '../db/messages.repository';
import { moveReadMarker, readMarkerFresh, refreshReadTime } from '../db/thread-reads.repository';
import type { MessagingContext } from '../context';
import { resolveJobThread, threadRef, type ThreadRef } from '../queries/resolve-thread';

const DEFAULT_LIMIT = 500;
/** While a reader keeps polling an unchanged thread (304s), their presence is re-announced at most this often. */
const PRESENCE_REFRESH_SECONDS = 60;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export type ReadResult =
  { status: 304; etag: string } | { status: 200; etag: string; body: messagingHttp.ThreadResponse };

/**
 * Open a thread: the messages as this reader sees them (after `since` when given), and the thread marked
 * read for them (`messaging.thread.read.v1`). An unchanged thread answers 304 to a matching If-None-Match.
 */
export async function readThread(
  ctx: MessagingContext,
  reader: AuthUser,
  thread: ThreadRef,
  query: { since?: string; limit?: number },
  ifNoneMatch?: string,
): Promise<ReadResult> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const since = parseSince(query.since);
  const etag = threadEtag(thread, reader, query);
  const { database } = ctx;

  if (etagMatches(ifNoneMatch, etag)) {
    // Nothing new to show; still tell notifications the reader is looking, now and then.
    await inTransaction(ctx, async (tx) => {
      const touched = await refreshReadTime(database, tx, readKey(thread, reader), PRESENCE_REFRESH_SECONDS);
      if (!touched) return;
      await publishRead(database, tx, thread, reader, Number(touched.last_read_seq), touched.read_at);
    });
    return { status: 304, etag };
  }

  // Read without a transaction: every statement is bounded by the thread's last_seq read with the thread,
  // so the answer is one consistent snapshot of the thread as of that read.
  const upTo = thread.last_seq;
  let rows: StoredMessage[];
  // The poll's usual question (messages after the last one the client has) asks the cursor, the messages and
  // the read marker in one round trip; the others read the marker after.
  let marker: { seq: number; recent: boolean } | null | undefined;
  if (since === null) {
    rows = await newestMessages(database, thread, upTo, limit);
  } else if (since.kind === 'id') {
    const key = { job_id: thread.job_id, chef_id: thread.chef_id };
    const poll = await pollAfterMessage(
      database,
      key,
      reader,
      since.id,
      upTo,
      limit,
      PRESENCE_REFRESH_SECONDS,
    );
    if (!poll?.cursor) throw badCursor();
    rows = poll.rows;
    marker = poll.marker;
  } else {
    rows = await messagesAfter(database, thread, { at: since.at }, upTo, limit);
  }
  return { status: 200, etag, body: await shown(ctx, reader, thread, rows, marker) };
}

/**
 * A job's thread for the signed-in user, found as `resolveJobThread` finds it and read as `readThread` reads it.
 * The poll's usual request, the messages after the last one the client has without If-None-Match (the gateway
 * answers unchanged polls itself, so the service mostly sees these), finds the thread and reads the poll in one
 * round trip; any other request reads the thread first, then as `readThread`.
 */
export async function readJobThread(
  ctx: MessagingContext,
  reader: AuthUser,
  jobId: string,
  chefId: string | undefined,
  query: { since?: string; limit?: number },
  ifNoneMatch?: string,
): Promise<{ thread: ThreadRef; result: ReadResult }> {
  const target =
    reader.type === 'chef'
      ? { job_id: jobId, chef_id: reader.id }
      : chefId === undefined
        ? null
        : { job_id: jobId, chef_id: chefId, restaurant_id: reader.id };
  if (ifNoneMatch === undefined && target && query.since !== undefined && isUuid(query.since)) {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const poll = await pollAfterMessage(
      ctx.database,
      target,
      reader,
      query.since.toLowerCase(),
      null,
      limit,
      PRESENCE_REFRESH_SECONDS,
    );
    if (!poll) throw threadNotFound();
    const thread = threadRef(poll.thread, reader);
    if (!poll.cursor) throw badCursor();
    const body = await shown(ctx, reader, thread, poll.rows, poll.marker);
    return { thread, result: { status: 200, etag: threadEtag(thread, reader, query), body } };
  }
  const thread = await resolveJobThread(ctx.database, reader, jobId, chefId);
  return { thread, result: await readThread(ctx, reader, thread, query, ifNoneMatch) };
}

/**
 * A thread's ETag for this reader and query: its messages so far (last_seq) and its revision (every message,
 * and every translation that landed after its message: issue 32) name its state.
 */
function threadEtag(thread: ThreadRef, reader: AuthUser, query: { since?: string; limit?: number }) {
  return etagOf(
    't',
    thread.job_id,
    thread.chef_id,
    thread.application_id,
    thread.last_seq,
    thread.revision,
    reader.id,
    query.since,
    query.limit ?? DEFAULT_LIMIT,
  );
}

/**
 * The answer's body for the messages read, with the thread marked read up to the last of them unless the
 * marker already says so and moved recently (`marker`: as read with the messages; undefined: not read yet).
 */
async function shown(
  ctx: MessagingContext,
  reader: AuthUser,
  thread: ThreadRef,
  rows: StoredMessage[],
  marker: { seq: number; recent: boolean } | null | undefined,
): Promise<messagingHttp.ThreadResponse> {
  const { database } = ctx;
  const seen = rows.length > 0 ? Number(rows[rows.length - 1].seq) : 0;
  // A poll that shows nothing new and comes soon after the last announced read writes nothing: the read
  // marker only moves forward, and presence is re-announced at most once a minute (as for 304s).
  const fresh =
    marker === undefined
      ? await readMarkerFresh(database, readKey(thread, reader), seen, PRESENCE_REFRESH_SECONDS)
      : marker !== null && marker.seq >= seen && marker.recent;
  if (!fresh) {
    await inTransaction(ctx, (tx) => markRead(ctx, tx, thread, reader, seen));
  }
  return {
    messages: rows.map((m) => viewFor(reader.id, m)),
    user_role: thread.user_role,
    job_id: thread.job_id,
    chef_id: thread.chef_id,
    application_id: thread.application_id,
  };
}

const readKey = (thread: ThreadRef, reader: AuthUser) => ({
  job_id: thread.job_id,
  chef_id: thread.chef_id,
  reader_id: reader.id,
});

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
  { database, stamps }: MessagingContext,
  tx: Tx,
  thread: ThreadRef,
  reader: AuthUser,
  seq: number,
) {
  const moved = await moveReadMarker(database, tx, readKey(thread, reader), seq, PRESENCE_REFRESH_SECONDS);
  if (!moved) return; // a concurrent read of this thread recorded and announced it a moment ago
  const { previous, marker } = moved;
  if (Number(marker.last_read_seq) > previous) await bumpInboxes(database, tx, [reader.id], stamps);
  await publishRead(database, tx, thread, reader, Number(marker.last_read_seq), marker.read_at);
}

async function publishRead(
  database: Database,
  tx: Tx,
  thread: ThreadRef,
  reader: AuthUser,
  lastReadSeq: number,
  readAt: Date | string,
) {
  const last = lastReadSeq > 0 ? await messageIdAt(database, tx, thread, lastReadSeq) : undefined;
  await appendEvent(database, tx, 'messaging.thread.read.v1', {
    job_id: thread.job_id,
    chef_id: thread.chef_id,
    reader_id: reader.id,
    read_at: new Date(readAt).toISOString(),
    last_read_message_id: last ?? null,
  });
}
