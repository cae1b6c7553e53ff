import { recordMessageForReader } from '../use-cases/reminders';
import type { Handler } from './handler';

/** A message arrived: its reader is texted if they have not opened the thread 10 minutes later. */
export const onMessageSent: Handler<'messaging.message.sent.v1'> = async (ctx, tx, d) => {
  if (d.recipient_id === d.sender_id) return;
  await recordMessageForReader(ctx, tx, d);
};
