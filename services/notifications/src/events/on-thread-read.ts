import type { Handler } from './handler';
import { recordThreadRead } from '../use-cases/reminders';

/** A reader opened a thread: no text about what they have now seen. */
export const onThreadRead: Handler<'messaging.thread.read.v1'> = (ctx, tx, d) => recordThreadRead(ctx, tx, d);
