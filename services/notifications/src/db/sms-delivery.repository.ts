import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import { iso } from '../context';
import { statusesBehind, type DeliveryStatus } from '../domain/sms-delivery';

// The SQL of Twilio's status callbacks (`notifications.sms` delivery columns) and of each person's run of failed
// texts (`notifications.sms_recipients`).

export interface DeliveredText {
  seq: string;
  recipient_id: string;
  delivery_status: DeliveryStatus | null;
}

/**
 * The text a status callback is about, locked for the change: by Twilio's sid, or (a callback that overtook the
 * recording of the sid, `ref` from the callback URL) by its seq while it has no sid yet.
 */
export async function lockTextForStatus(
  database: Database,
  tx: Executor,
  providerId: string,
  ref: string | null,
): Promise<DeliveredText | null> {
  const [row] = await database.rows<DeliveredText>(textOfCallback(providerId, ref), tx);
  return row ?? null;
}

/** The text a status callback is about, locked (`lockTextForStatus`). */
const textOfCallback = (providerId: string, ref: string | null) =>
  sql`select seq, recipient_id, delivery_status from notifications.sms
        where provider_id = ${providerId}
           ${ref ? sql`or (seq = ${ref}::bigint and provider_id is null and status in ('sending', 'queued'))` : sql``}
        order by (provider_id = ${providerId}) desc nulls last limit 1 for update`;

/**
 * A callback saying a text reached Twilio's carrier or the phone (`sent`, `delivered`), in one statement (issue 41:
 * two or three of them follow every text): the text found and locked as `lockTextForStatus` does, its status moved
 * only forward (`statusesBehind`, as `nextDeliveryStatus`), and, delivered, its person's run of failures ended (as
 * `resetFailures`). Whether the text was found, and whether it changed.
 */
export async function recordReached(
  database: Database,
  providerId: string,
  ref: string | null,
  status: 'sent' | 'delivered',
  now: Date,
): Promise<{ found: boolean; changed: boolean }> {
  const [row] = await database.rows<{ found: number; changed: number }>(
    sql`with text as (${textOfCallback(providerId, ref)}),
        changed as (
          update notifications.sms s set delivery_status = ${status}, delivery_error_code = null,
                 delivery_updated_at = ${iso(now)}::timestamptz
            from text t
           where s.seq = t.seq
             and (t.delivery_status is null or t.delivery_status = any(${idArray(statusesBehind(status))}::text[]))
          returning s.recipient_id),
        ended as (
          update notifications.sms_recipients set ${endOfRun(now)}
           where ${status === 'delivered'}::boolean and user_id in (select recipient_id from changed) and ${inRun}
          returning user_id)
        select (select count(*) from text)::int as found, (select count(*) from changed)::int as changed`,
    undefined,
    // Planned once per connection (two texts: with a ref and without): planning it cost twice its running
    // (0.44 / 0.21 ms a callback in the bench's postings; pgbench, one connection: 0.93-1.01 -> 0.33-0.42 ms).
    { prepared: true },
  );
  return { found: Number(row.found) > 0, changed: Number(row.changed) > 0 };
}

export async function setDeliveryStatus(
  database: Database,
  tx: Executor,
  seq: string,
  status: DeliveryStatus,
  errorCode: string | null,
  now: Date,
) {
  await database.rows(
    sql`update notifications.sms set delivery_status = ${status}, delivery_error_code = ${errorCode},
          delivery_updated_at = ${iso(now)}::timestamptz
        where seq = ${seq}`,
    tx,
  );
}

/** One more failed text in a row; returns the run's length and whether the person already falls back. */
export async function countFailure(database: Database, tx: Executor, userId: string, now: Date) {
  const [row] = await database.rows<{ failures_in_a_row: number; sms_fallback_since: Date | string | null }>(
    sql`insert into notifications.sms_recipients (user_id, failures_in_a_row, updated_at)
        values (${userId}, 1, ${iso(now)}::timestamptz)
        on conflict (user_id) do update set failures_in_a_row = notifications.sms_recipients.failures_in_a_row + 1,
          updated_at = excluded.updated_at
        returning failures_in_a_row, sms_fallback_since`,
    tx,
  );
  return { failures: Number(row.failures_in_a_row), fallingBack: row.sms_fallback_since !== null };
}

export async function startFallback(database: Database, tx: Executor, userId: string, now: Date) {
  await database.rows(
    sql`update notifications.sms_recipients set sms_fallback_since = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz
        where user_id = ${userId} and sms_fallback_since is null`,
    tx,
  );
}

/** A run of failures ended: texts are trusted again. */
const endOfRun = (now: Date) =>
  sql`failures_in_a_row = 0, sms_fallback_since = null, updated_at = ${iso(now)}::timestamptz`;
/** A person in a run of failures (or falling back). */
const inRun = sql`(failures_in_a_row > 0 or sms_fallback_since is not null)`;

/** A delivered text or a START: the run of failures ends, and texts are trusted again. */
export async function resetFailures(database: Database, userId: string, now: Date, tx?: Executor) {
  await database.rows(
    sql`update notifications.sms_recipients set ${endOfRun(now)} where user_id = ${userId} and ${inRun}`,
    tx,
  );
}

export interface SmsFallback {
  /** since when this person's texts fall back to push and email */
  since: string;
  failures_in_a_row: number;
}

export async function fallbackOf(database: Database, userId: string): Promise<SmsFallback | null> {
  const [row] = await database.rows<{ failures_in_a_row: number; sms_fallback_since: Date | string | null }>(
    sql`select failures_in_a_row, sms_fallback_since from notifications.sms_recipients where user_id = ${userId}`,
  );
  return fallbackFromRow(row);
}

/** Whether a person's texts fall back, from their `sms_recipients` row (none: they do not). */
export function fallbackFromRow(
  row:
    | { failures_in_a_row: number | string | null; sms_fallback_since: Date | string | null }
    | null
    | undefined,
): SmsFallback | null {
  if (!row?.sms_fallback_since) return null;
  return { since: iso(row.sms_fallback_since), failures_in_a_row: Number(row.failures_in_a_row) };
}
