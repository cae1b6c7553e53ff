import { AppError, type AuthUser } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { markAllRead, markRead, unreadCount } from '../db/inbox.repository';

/** The person opened one of their inbox entries: it is read (the first read is kept). Someone else's: 404. */
export async function readNotification(ctx: NotificationsContext, user: AuthUser, id: string) {
  if (!(await markRead(ctx.database, user.id, id, ctx.now())))
    throw new AppError(404, 'HTTP.NOT_FOUND', 'Not found');
  return { unread: await unreadCount(ctx.database, user.id) };
}

/** Mark all read: the bell goes to zero. */
export async function readAllNotifications(ctx: NotificationsContext, user: AuthUser) {
  await markAllRead(ctx.database, user.id, ctx.now());
  return { unread: 0 };
}
