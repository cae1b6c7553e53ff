import { sql, type Database, type Tx } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';

type ReadKey = { job_id: string; chef_id: string; reader_id: string };

/** A reader's marker: how far they have read and when they were last seen reading. */
export interface ReadMarker {
  last_read_seq: number;
  read_at: Date | string;
}

/**
 * The reader is looking at the thread again: when their marker is older than `refreshSeconds`, move its time
 * to now and return it; otherwise (recent enough, or no marker) nothing.
 */
export async function refreshReadTime(
  database: Database,
  tx: Tx,
  key: ReadKey,
  refreshSeconds: number,
): Promise<ReadMarker | undefined> {
  const touched = await database.rows<ReadMarker>(
    sql`update messaging.thread_reads set read_at = now()
        where job_id = ${key.job_id} and chef_id = ${key.chef_id} and reader_id = ${key.reader_id}
          and read_at < now() - make_interval(secs => ${refreshSeconds})
        returning last_read_seq, read_at`,
    tx,
  );
  return touched[0];
}

/** Whether the marker already covers `seen` and was moved within the last `refreshSeconds`. */
export async function readMarkerFresh(
  database: Database,
  key: ReadKey,
  seen: number,
  refreshSeconds: number,
) {
  const [row] = await database.rows<{ fresh: boolean }>(
    sql`select last_read_seq >= ${seen} and read_at >= now() - make_interval(secs => ${refreshSeconds}) as fresh
        from messaging.thread_reads
        where job_id = ${key.job_id} and chef_id = ${key.chef_id} and reader_id = ${key.reader_id}`,
    undefined,
    { prepared: true },
  );
  return row?.fresh === true;
}

/**
 * Move the marker to `seq` (never backwards) and its time to now. Returns how far it was before (0 without a
 * marker; the row is locked first) and the marker after; or null when the marker already covers `seq` and was
 * moved within the last `refreshSeconds` (found under the lock: a concurrent read of the same thread, another tab
 * or a retried poll, recorded it a moment ago), so nothing is written and nothing announced twice. The marker also
 * counts the other side's messages up to it (`other_read`, for the unread counts): the count moves by the other
 * side's messages between the old and the new place only. Every message up to `seq` is committed (the reader has
 * seen it, and within a thread number order is commit order), so this statement's snapshot counts them all.
 */
export async function moveReadMarker(
  database: Database,
  tx: Tx,
  key: ReadKey,
  seq: number,
  refreshSeconds: number,
): Promise<{ previous: number; marker: ReadMarker } | null> {
  const recent = sql`make_interval(secs => ${refreshSeconds})`;
  const before = await database.rows<{ last_read_seq: number; recent: boolean }>(
    sql`select last_read_seq, read_at >= now() - ${recent} as recent from messaging.thread_reads
        where job_id = ${key.job_id} and chef_id = ${key.chef_id} and reader_id = ${key.reader_id} for update`,
    tx,
  );
  if (before[0] && Number(before[0].last_read_seq) >= seq && before[0].recent) return null;
  const previous = before[0] ? Number(before[0].last_read_seq) : 0;
  const othersBetween = (from: SQL, to: SQL) =>
    sql`(select count(*) from messaging.messages m
         where m.job_id = ${key.job_id} and m.chef_id = ${key.chef_id} and m.seq > ${from} and m.seq <= ${to}
           and m.sender_id <> ${key.reader_id})`;
  // A new marker counts from the thread's start (an existing one, locked above, is updated, never inserted).
  const firstCount = before[0] ? sql`0` : othersBetween(sql`0`, sql`${seq}`);
  // A marker written by a concurrent first read since the lock above found none counts on from its own place
  // (and when it already covers `seq`, just now, this read writes nothing); one whose count was not taken at its
  // place (moved by the previous release) counts again from the start.
  const [marker] = await database.rows<ReadMarker>(
    sql`insert into messaging.thread_reads (job_id, chef_id, reader_id, last_read_seq, read_at, other_read, other_read_seq)
        values (${key.job_id}, ${key.chef_id}, ${key.reader_id}, ${seq}, now(), ${firstCount}, ${seq})
        on conflict (job_id, chef_id, reader_id) do update
          set last_read_seq = greatest(messaging.thread_reads.last_read_seq, excluded.last_read_seq), read_at = now(),
              other_read = case
                when messaging.thread_reads.other_read_seq <> messaging.thread_reads.last_read_seq
                  then ${othersBetween(sql`0`, sql`greatest(messaging.thread_reads.last_read_seq, excluded.last_read_seq)`)}
                else messaging.thread_reads.other_read
                  + ${othersBetween(sql`messaging.thread_reads.last_read_seq`, sql`excluded.last_read_seq`)} end,
              other_read_seq = greatest(messaging.thread_reads.last_read_seq, excluded.last_read_seq)
          where not (messaging.thread_reads.last_read_seq >= excluded.last_read_seq
                     and messaging.thread_reads.read_at >= now() - ${recent})
        returning last_read_seq, read_at`,
    tx,
  );
  if (!marker) return null;
  return { previous, marker };
}
