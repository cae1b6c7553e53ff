import { AppError } from '@brigade/kit';
import type { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { saveChannels } from '../db/channel-preferences.repository';
import { readUnsubscribeToken } from '../domain/unsubscribe-token';
import { unsubscribeKey } from '../queries/unsubscribe-key';

/**
 * An email's unsubscribe link (RFC 8058's one-click POST, or the link opened): the type's email goes off for
 * the person the token names, as if they had unticked it in Settings. A token that is not ours is a 400; one for
 * someone else than the person signed in (when a session came with it) is a 403; neither changes anything.
 * Again: the same answer, nothing more changes.
 */
export async function unsubscribe(
  ctx: NotificationsContext,
  token: string,
  signedIn: string | null,
): Promise<notificationsHttp.UnsubscribeResponse> {
  const named = readUnsubscribeToken(await unsubscribeKey(ctx), token);
  if (!named)
    throw new AppError(
      400,
      'NOTIFICATIONS.UNSUBSCRIBE_INVALID',
      'This unsubscribe link is not valid. Choose your emails in Settings.',
    );
  if (signedIn && signedIn !== named.userId)
    throw new AppError(
      403,
      'NOTIFICATIONS.UNSUBSCRIBE_NOT_YOURS',
      'This unsubscribe link belongs to another account. Sign out, or choose your own emails in Settings.',
    );
  await ctx.database.transaction((tx) =>
    saveChannels(ctx.database, tx, named.userId, { [named.type]: { email: false } }),
  );
  ctx.logger.info({ user: named.userId, type: named.type }, 'email unsubscribed');
  return { type: named.type, email: false };
}
