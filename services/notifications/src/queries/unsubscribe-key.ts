import type { NotificationsContext } from '../context';
import { keptSecret } from '../db/secrets.repository';

/** The key of the unsubscribe links: UNSUBSCRIBE_SECRET, or the one kept with the data. */
export async function unsubscribeKey(
  ctx: Pick<NotificationsContext, 'database' | 'config'>,
): Promise<string> {
  return ctx.config.UNSUBSCRIBE_SECRET ?? keptSecret(ctx.database, 'unsubscribe');
}
