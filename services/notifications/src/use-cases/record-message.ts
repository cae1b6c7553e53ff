import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { recordMessageForReader } from './reminders';

/** A message arrived: its reader is texted if they have not opened the thread 10 minutes later. */
export async function recordMessage(
  ctx: NotificationsContext,
  tx: Tx,
  d: EventData<'messaging.message.sent.v1'>,
): Promise<void> {
  if (d.recipient_id === d.sender_id) return;
  await recordMessageForReader(ctx, tx, d);
}
