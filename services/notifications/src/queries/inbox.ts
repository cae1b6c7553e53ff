import { createHash } from 'node:crypto';
import { AppError, type AuthUser } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import {
  inboxPage,
  inboxStateAndReader,
  ownsEntry,
  recipientsNamed,
  unreadCount,
  type InboxRow,
} from '../db/inbox.repository';
import type { Recipient } from '../db/read-model.repository';
import { inboxTextOf, notificationTypeOf } from '../domain/notification-types';
import { renderSms } from '../domain/templates';
import { contextFor, namedIds } from './text-context';

type InboxQuery = { limit?: number; before?: string };
export type Polled<T> = { status: 304; etag: string } | { status: 200; etag: string; body: T };

const INBOX_PAGE = 20;
const etagOf = (...parts: unknown[]) =>
  `W/"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}"`;
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag);

/**
 * A page of the person's inbox, newest first, each entry rendered now in their language (a language changed
 * later shows every entry in the new one). The ETag follows the newest entry, the unread count, the last read,
 * the language and the page asked for: an unchanged poll is a 304 before anything is rendered.
 */
export async function readInbox(
  ctx: NotificationsContext,
  user: AuthUser,
  query: InboxQuery,
  ifNoneMatch: string | undefined,
): Promise<Polled<notificationsHttp.InboxPage>> {
  const limit = Math.min(query.limit ?? INBOX_PAGE, notificationsHttp.INBOX_PAGE_MAX);
  if (query.before && !(await ownsEntry(ctx.database, user.id, query.before)))
    throw new AppError(400, 'VALIDATION.FAILED', 'before must be an entry of your own inbox');
  const { state, reader: recipient } = await inboxStateAndReader(ctx.database, user.id);
  const language = recipient?.language === 'es' ? 'es' : 'en';
  const etag = etagOf('inbox', state, language, recipient?.name ?? null, limit, query.before ?? null);
  if (matches(ifNoneMatch, etag)) return { status: 304, etag };
  const rows = await inboxPage(ctx.database, user.id, { limit: limit + 1, before: query.before });
  const page = rows.slice(0, limit);
  const notifications = recipient ? await render(ctx, recipient, page) : [];
  return {
    status: 200,
    etag,
    body: {
      notifications,
      unread: state.unread,
      next: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    },
  };
}

/** The bell's count; its ETag is the count itself. */
export async function readUnreadCount(
  ctx: NotificationsContext,
  user: AuthUser,
  ifNoneMatch: string | undefined,
): Promise<Polled<notificationsHttp.UnreadCount>> {
  const unread = await unreadCount(ctx.database, user.id);
  const etag = `W/"unread-${unread}"`;
  if (matches(ifNoneMatch, etag)) return { status: 304, etag };
  return { status: 200, etag, body: { unread } };
}

/** Render a page's entries, the people they name found in one query. */
async function render(
  ctx: NotificationsContext,
  recipient: Recipient,
  rows: InboxRow[],
): Promise<notificationsHttp.InboxEntry[]> {
  const varsOf = (row: InboxRow) =>
    (typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars) as Record<string, unknown>;
  const named = await recipientsNamed(
    ctx.database,
    rows.flatMap((r) => namedIds(varsOf(r))),
  );
  const find = async (id: string) =>
    named.find((r) => r.user_id === id) ?? named.find((r) => r.profile_id === id) ?? null;
  const language = recipient.language === 'es' ? 'es' : 'en';
  return Promise.all(
    rows.map(async (row) => {
      let body: string;
      try {
        body = renderSms(row.template, language, await contextFor(ctx, recipient, varsOf(row), find));
      } catch {
        // A text of a template this version no longer has: what was sent, as it was sent.
        body = row.body ?? '';
      }
      const { text, link } = inboxTextOf(body, ctx.config.PUBLIC_URL);
      return {
        id: row.id,
        type: notificationTypeOf(row.template) ?? 'account',
        text,
        link,
        created_at: new Date(row.created_at).toISOString(),
        read: row.read_at !== null,
      };
    }),
  );
}
