import { AppError } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { deletePushSubscription } from '../db/push-subscriptions.repository';

/** Remove one's own push subscription (the web app does before signing out); someone else's is 404. */
export async function unsubscribeFromPush(ctx: NotificationsContext, userId: string, endpoint: string) {
  if (!(await deletePushSubscription(ctx.database, userId, endpoint)))
    throw new AppError(
      404,
      'NOTIFICATIONS.PUSH_SUBSCRIPTION_NOT_FOUND',
      'No push subscription of yours has this endpoint',
    );
}
