import { recordThreadRead } from '../use-cases/reminders';
import type { HandlerFactory } from './handler';

/** A reader opened a thread: no text about what they have now seen. */
export const onThreadRead: HandlerFactory<'messaging.thread.read.v1'> = (ctx) => async (tx, d) => {
  await recordThreadRead(ctx, tx, d);
};
