import { recordThreadRead } from '../use-cases/reminders';
import type { Handler } from './handler';

/** A reader opened a thread: no text about what they have now seen. */
export const onThreadRead: Handler<'messaging.thread.read.v1'> = async (ctx, tx, d) => {
  await recordThreadRead(ctx, tx, d);
};
