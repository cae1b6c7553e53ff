import { recordMessageForReader } from '../use-cases/reminders';
import type { HandlerFactory } from './handler';

/** A message arrived: its reader is texted if they have not opened the thread 10 minutes later. */
export const onMessageSent: HandlerFactory<'messaging.message.sent.v1'> = (ctx) => async (tx, d) => {
  if (d.recipient_id === d.sender_id) return;
  await recordMessageForReader(ctx, tx, d);
};
