import type { Executor } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { inboxesNaming } from '../db/inbox.repository';
import { bumpInboxes } from '../db/inboxes.repository';
import type { RecipientChange } from '../db/read-model.repository';

/**
 * What notifications knows of a person changed (issue 41): every inbox that shows the change gets a new version,
 * so its next poll is answered afresh. Their own, when their entries now read otherwise (their language, name,
 * city; notifications first knowing them); and, when their name, city or address changed, the inbox of everyone
 * with an entry naming them (a restaurant renamed: each chef it texted).
 */
export async function raiseInboxesShowing(
  ctx: NotificationsContext,
  tx: Executor,
  userId: string,
  change: RecipientChange,
): Promise<void> {
  const naming = change.naming ? await inboxesNaming(ctx.database, tx, change.ids) : [];
  await bumpInboxes(ctx, tx, change.ownInbox ? [userId, ...naming] : naming);
}
