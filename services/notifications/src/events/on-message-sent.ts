import type { Handler } from './handler';
import { recordMessage } from '../use-cases/record-message';

/** A message arrived: its reader is texted if they have not opened the thread 10 minutes later. */
export const onMessageSent: Handler<'messaging.message.sent.v1'> = (ctx, tx, d) => recordMessage(ctx, tx, d);
