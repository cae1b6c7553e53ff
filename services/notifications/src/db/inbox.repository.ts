import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import type { TemplateName } from '../domain/rules';
import { RECIPIENT_COLUMNS, type Recipient } from './read-model.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Issue 40's inbox: a person's notifications are their rows in notifications.sms (one per cause), newest first,
// with when each was read (`read_at`, migration 0005).

export interface InboxRow {
  id: string;
  seq: string;
  template: TemplateName;
  vars: Record<string, unknown> | string;
  language: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** A person's inbox as one poll of it reads it, all from one snapshot (one statement). */
export interface InboxAt {
  /** The inbox's version (its ETag and stamp; 0 before anything changed it). */
  version: string;
  unread: number;
  /** The person as notifications knows them (null when it does not). */
  reader: Recipient | null;
  /** The page's entries, newest first (`limit` of them, older than `before` when given). */
  page: InboxRow[];
  /** The people the page's entries name, by user or profile id. */
  named: Array<Recipient & { profile_id: string | null }>;
}

/** The inbox's version as text (0 before anything changed it): the ETag and the stamp of both polls. */
const inboxVersionOf = (userId: string) =>
  sql`coalesce((select version from notifications.inboxes where user_id = ${userId}), 0)::text`;
/** How many of the person's entries are unread (`sms_unread_idx`). */
const unreadOf = (userId: string) =>
  sql`(select count(*) from notifications.sms where recipient_id = ${userId} and read_at is null)::int`;

/**
 * Everything a page of the inbox shows, in one round trip and one snapshot: the version (so the ETag built from
 * it is exactly the page's), the unread count, the reader, the page (`sms_inbox_idx`: the newest `limit` rows of
 * the person, no sort) and the people its entries name (at most three per entry, by user or profile id: the
 * recipients' primary key and `recipients_profile_idx`; the ids each entry names are kept with it, `named`, migration
 * 0010). Rows come back as JSON (one value per part, parsed once) rather than as a row per entry with every column
 * converted on its own.
 */
export async function inboxAt(
  database: Database,
  userId: string,
  page: { limit: number; before?: string },
): Promise<InboxAt> {
  const rows = await database.rows<{
    version: string;
    unread: number | string;
    reader: (Recipient & { profile_id?: string | null }) | null;
    page: InboxRow[];
    named: Array<Recipient & { profile_id: string | null }>;
  }>(
    sql`with page as (
          select id, seq, template, vars, language, created_at, read_at, named from notifications.sms
          where recipient_id = ${userId}
            ${page.before ? sql`and seq < (select seq from notifications.sms where id = ${page.before} and recipient_id = ${userId})` : sql``}
          order by seq desc limit ${page.limit}
        ),
        named as (select distinct unnest(named) as id from page)
        select ${inboxVersionOf(userId)} as version,
          ${unreadOf(userId)} as unread,
          (select to_json(r) from (
            select ${RECIPIENT_COLUMNS} from notifications.recipients where user_id = ${userId} or profile_id = ${userId}
            order by (user_id = ${userId}) desc limit 1) as r) as reader,
          (select coalesce(json_agg(p order by p.seq desc), '[]'::json) from (
            select id, seq, template, vars, language, created_at, read_at from page) as p) as page,
          (select coalesce(json_agg(n), '[]'::json) from (
            select ${RECIPIENT_COLUMNS}, profile_id from notifications.recipients
            where user_id = any(array(select id from named)) or profile_id = any(array(select id from named))) as n) as named`,
    undefined,
    { prepared: true },
  );
  const r = rows[0];
  return {
    version: r.version,
    unread: Number(r.unread),
    reader: r.reader,
    page: r.page,
    named: r.named,
  };
}

/**
 * The texts as they were sent, of the person's entries named: read only for an entry the page cannot render
 * anew (a template this version no longer has), so the page's statement never carries every entry's sent text.
 */
export async function sentTexts(
  database: Database,
  userId: string,
  ids: string[],
): Promise<Map<string, string | null>> {
  const rows = await database.rows<{ id: string; body: string | null }>(
    sql`select id, body from notifications.sms where recipient_id = ${userId} and id = any(${idArray(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.body]));
}

/** Whether `before` is one of the person's own entries (a cursor from someone else's inbox is not). */
export async function ownsEntry(database: Database, userId: string, id: string): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from notifications.sms where id = ${id} and recipient_id = ${userId}`,
  );
  return rows.length > 0;
}

/** The inbox's version alone (a poll with an ETag asks it first: its 304 needs nothing else). */
export async function inboxVersion(database: Database, userId: string): Promise<string> {
  const rows = await database.rows<{ version: string | number }>(
    sql`select version from notifications.inboxes where user_id = ${userId}`,
    undefined,
    { prepared: true },
  );
  return rows[0] ? String(rows[0].version) : '0';
}

/** The bell: how many of the person's entries are unread (`sms_unread_idx`), and the inbox's version, at once. */
export async function unreadAt(
  database: Database,
  userId: string,
): Promise<{ version: string; unread: number }> {
  const rows = await database.rows<{ version: string; unread: number | string }>(
    sql`select ${inboxVersionOf(userId)} as version,
          ${unreadOf(userId)} as unread`,
    undefined,
    { prepared: true },
  );
  return { version: rows[0].version, unread: Number(rows[0].unread) };
}

/** How many of a person's entries are unread (`sms_unread_idx`). */
export async function unreadCount(database: Database, userId: string, tx?: Executor): Promise<number> {
  const rows = await database.rows<{ n: number | string }>(sql`select ${unreadOf(userId)} as n`, tx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Mark one of the person's entries read (the first read kept): `null` when it is not theirs or does not exist,
 * else whether this read changed it (false: it was read already).
 */
export async function markRead(
  database: Database,
  tx: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<{ changed: boolean } | null> {
  const marked = await database.rows(
    sql`update notifications.sms set read_at = ${now.toISOString()}::timestamptz
        where id = ${id} and recipient_id = ${userId} and read_at is null returning 1`,
    tx,
  );
  if (marked.length > 0) return { changed: true };
  const found = await database.rows(
    sql`select 1 from notifications.sms where id = ${id} and recipient_id = ${userId}`,
    tx,
  );
  return found.length > 0 ? { changed: false } : null;
}

/** Mark every unread entry of the person read: how many were unread. */
export async function markAllRead(
  database: Database,
  tx: Executor,
  userId: string,
  now: Date,
): Promise<number> {
  const rows = await database.rows(
    sql`update notifications.sms set read_at = ${now.toISOString()}::timestamptz
        where recipient_id = ${userId} and read_at is null
        returning 1`,
    tx,
  );
  return rows.length;
}

/**
 * The people with an entry that names one of `ids` (a user or profile id as the chef, the restaurant or a
 * message's sender, `sms_named_idx`): whose inboxes show that person's name, city or address.
 */
export async function inboxesNaming(database: Database, tx: Executor, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return [];
  const rows = await database.rows<{ recipient_id: string }>(
    sql`select distinct recipient_id from notifications.sms where named && ${idArray(wanted)}::uuid[]`,
    tx,
  );
  return rows.map((r) => r.recipient_id);
}
