import { AppError, type AuthUser } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { markAllRead, markRead, unreadCount } from '../db/inbox.repository';
import { bumpInboxes } from '../db/inboxes.repository';

/**
 * The person opened one of their inbox entries: it is read (the first read kept), and when it was unread their
 * inbox version rises (the list and the bell change). Someone else's: 404.
 */
export async function readNotification(ctx: NotificationsContext, user: AuthUser, id: string) {
  return ctx.database.transaction(async (tx) => {
    const read = await markRead(ctx.database, tx, user.id, id, ctx.now());
    if (!read) throw new AppError(404, 'HTTP.NOT_FOUND', 'Not found');
    if (read.changed) await bumpInboxes(ctx, tx, [user.id]);
    return { unread: await unreadCount(ctx.database, user.id, tx) };
  });
}

/** Mark all read: the bell goes to zero (the inbox version rises when anything was unread). */
export async function readAllNotifications(ctx: NotificationsContext, user: AuthUser) {
  await ctx.database.transaction(async (tx) => {
    if ((await markAllRead(ctx.database, tx, user.id, ctx.now())) > 0) await bumpInboxes(ctx, tx, [user.id]);
  });
  return { unread: 0 };
}
