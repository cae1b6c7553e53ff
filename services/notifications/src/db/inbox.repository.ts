import { sql, type Database } from '@brigade/kit';
import type { TemplateName } from '../domain/rules';
import type { Recipient } from './read-model.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Issue 40's inbox: a person's notifications are their rows in notifications.sms (one per cause), newest first,
// with when each was read (`read_at`, migration 0005).

export interface InboxRow {
  id: string;
  seq: string;
  template: TemplateName;
  vars: Record<string, unknown> | string;
  body: string | null;
  language: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** One page of a person's entries, newest first: `limit` of them older than the entry `before` (if given). */
export async function inboxPage(
  database: Database,
  userId: string,
  page: { limit: number; before?: string },
): Promise<InboxRow[]> {
  return database.rows<InboxRow>(
    sql`select id, seq, template, vars, body, language, created_at, read_at from notifications.sms
        where recipient_id = ${userId}
          ${page.before ? sql`and seq < (select seq from notifications.sms where id = ${page.before} and recipient_id = ${userId})` : sql``}
        order by seq desc limit ${page.limit}`,
  );
}

/** Whether `before` is one of the person's own entries (a cursor from someone else's inbox is not). */
export async function ownsEntry(database: Database, userId: string, id: string): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from notifications.sms where id = ${id} and recipient_id = ${userId}`,
  );
  return rows.length > 0;
}

/**
 * What a poll of the inbox compares: the newest entry, the unread count and the newest read. Any new entry, any
 * entry read, changes it.
 */
export interface InboxState {
  newest: string | null;
  unread: number;
  last_read: string | null;
}

/**
 * The person's inbox state and the person as notifications knows them (null when it does not: by user or profile
 * id, as `findRecipient`), in one round trip: every poll of the inbox reads both, its 304s nothing else.
 */
export async function inboxStateAndReader(
  database: Database,
  userId: string,
): Promise<{ state: InboxState; reader: Recipient | null }> {
  const rows = await database.rows<
    { newest: string | null; unread: number | string; last_read: Date | string | null } & {
      [K in keyof Recipient]: Recipient[K] | null;
    }
  >(
    sql`select (select max(seq) from notifications.sms where recipient_id = ${userId})::text as newest,
          (select count(*) from notifications.sms where recipient_id = ${userId} and read_at is null) as unread,
          (select max(read_at) from notifications.sms where recipient_id = ${userId} and read_at is not null) as last_read,
          r.user_id, r.user_type, r.phone, r.phone_verified, r.language, r.name, r.city, r.address, r.email, r.email_verified
        from (select 1) as one
        left join lateral (
          select * from notifications.recipients where user_id = ${userId} or profile_id = ${userId}
          order by (user_id = ${userId}) desc limit 1
        ) as r on true`,
  );
  const r = rows[0];
  const { newest, unread, last_read, ...reader } = r ?? {};
  return {
    state: {
      newest: newest ?? null,
      unread: Number(unread ?? 0),
      last_read: last_read ? new Date(last_read).toISOString() : null,
    },
    reader: reader.user_id ? (reader as Recipient) : null,
  };
}

/** How many of a person's entries are unread (`sms_unread_idx`). */
export async function unreadCount(database: Database, userId: string): Promise<number> {
  const rows = await database.rows<{ n: number | string }>(
    sql`select count(*) as n from notifications.sms where recipient_id = ${userId} and read_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Mark one of the person's entries read (first read kept). False when it is not theirs or does not exist. */
export async function markRead(database: Database, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await database.rows(
    sql`update notifications.sms set read_at = coalesce(read_at, ${now.toISOString()}::timestamptz)
        where id = ${id} and recipient_id = ${userId} returning 1`,
  );
  return rows.length > 0;
}

/** Mark every unread entry of the person read. */
export async function markAllRead(database: Database, userId: string, now: Date): Promise<void> {
  await database.rows(
    sql`update notifications.sms set read_at = ${now.toISOString()}::timestamptz
        where recipient_id = ${userId} and read_at is null`,
  );
}

/** The people a page's texts name, each found by user or profile id, in one query. */
export async function recipientsNamed(
  database: Database,
  ids: string[],
): Promise<Array<Recipient & { profile_id: string | null }>> {
  const uuids = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (uuids.length === 0) return [];
  const list = `{${uuids.join(',')}}`;
  return database.rows<Recipient & { profile_id: string | null }>(
    sql`select user_id, user_type, phone, phone_verified, language, name, city, address, email, email_verified, profile_id
        from notifications.recipients
        where user_id = any(${list}::uuid[]) or profile_id = any(${list}::uuid[])`,
  );
}
