import { createHash } from 'node:crypto';
import { AppError, type AuthUser } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import {
  inboxAt,
  inboxVersion,
  ownsEntry,
  sentTexts,
  unreadAt,
  type InboxAt,
  type InboxRow,
} from '../db/inbox.repository';
import type { Recipient } from '../db/read-model.repository';
import { inboxTextOf, notificationTypeOf } from '../domain/notification-types';
import { renderSms } from '../domain/templates';
import { contextWith, peopleFinder } from './text-context';

type InboxQuery = { limit?: number; before?: string };
/** A polled answer and the inbox version it was read at (advertised as the inbox's stamp, ADR 7). */
export type Polled<T> =
  { status: 304; etag: string; version: string } | { status: 200; etag: string; version: string; body: T };

const INBOX_PAGE = 20;
const etagOf = (...parts: unknown[]) =>
  `W/"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}"`;
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag);

/**
 * A page of the person's inbox, newest first, each entry rendered now in their language (a language changed
 * later shows every entry in the new one). The ETag is the person's inbox version (raised by every change the
 * page shows: `bumpInboxes`) with the page asked for: a poll with an ETag reads the version alone (one primary-key
 * lookup) and an unchanged one is a 304 before anything else is read. Otherwise the page is read with the version
 * in one statement, so the ETag is exactly the page's.
 */
export async function readInbox(
  ctx: NotificationsContext,
  user: AuthUser,
  query: InboxQuery,
  ifNoneMatch: string | undefined,
): Promise<Polled<notificationsHttp.InboxPage>> {
  const limit = Math.min(query.limit ?? INBOX_PAGE, notificationsHttp.INBOX_PAGE_MAX);
  const before = query.before ?? null;
  if (before && !(await ownsEntry(ctx.database, user.id, before)))
    throw new AppError(400, 'VALIDATION.FAILED', 'before must be an entry of your own inbox');
  const etagAt = (version: string) => etagOf('inbox', user.id, version, limit, before);
  if (ifNoneMatch) {
    const version = await inboxVersion(ctx.database, user.id);
    const etag = etagAt(version);
    if (matches(ifNoneMatch, etag)) return { status: 304, etag, version };
  }
  const inbox = await inboxAt(ctx.database, user.id, { limit: limit + 1, before: before ?? undefined });
  const rows = inbox.page.length > limit ? inbox.page.slice(0, limit) : inbox.page;
  return {
    status: 200,
    etag: etagAt(inbox.version),
    version: inbox.version,
    body: {
      notifications: inbox.reader ? await render(ctx, user.id, inbox.reader, rows, inbox.named) : [],
      unread: inbox.unread,
      next: inbox.page.length > limit ? (rows[rows.length - 1]?.id ?? null) : null,
    },
  };
}

/** The bell's count; its ETag is the count itself, its stamp the inbox's version (one statement reads both). */
export async function readUnreadCount(
  ctx: NotificationsContext,
  user: AuthUser,
  ifNoneMatch: string | undefined,
): Promise<Polled<notificationsHttp.UnreadCount>> {
  const { version, unread } = await unreadAt(ctx.database, user.id);
  const etag = `W/"unread-${unread}"`;
  if (matches(ifNoneMatch, etag)) return { status: 304, etag, version };
  return { status: 200, etag, version, body: { unread } };
}

/**
 * Render a page's entries, in the reader's language, with the people they name (read with the page). An entry whose
 * template this version no longer has shows the text as it was sent, read for those entries alone.
 */
async function render(
  ctx: NotificationsContext,
  userId: string,
  recipient: Recipient,
  rows: InboxRow[],
  named: InboxAt['named'],
): Promise<notificationsHttp.InboxEntry[]> {
  const peopleOf = peopleFinder(recipient, named);
  const language = recipient.language === 'es' ? 'es' : 'en';
  const publicUrl = ctx.config.PUBLIC_URL;
  const texts: Array<string | null> = [];
  const unrendered: string[] = [];
  for (const row of rows) {
    const vars = (typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars) as Record<string, unknown>;
    try {
      texts.push(renderSms(row.template, language, contextWith(ctx, recipient, vars, peopleOf(vars))));
    } catch {
      texts.push(null);
      unrendered.push(row.id);
    }
  }
  const sent = unrendered.length > 0 ? await sentTexts(ctx.database, userId, unrendered) : undefined;
  return rows.map((row, i) => {
    const { text, link } = inboxTextOf(texts[i] ?? sent?.get(row.id) ?? '', publicUrl);
    return {
      id: row.id,
      type: notificationTypeOf(row.template) ?? 'account',
      text,
      link,
      created_at: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
    };
  });
}
