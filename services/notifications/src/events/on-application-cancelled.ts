import type { Handler } from './handler';
import { textApplicationCancelled } from '../use-cases/text-application-cancelled';

/**
 * The chef cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended them): the restaurant is told (a confirmed shift that reopens, and whether it was late, as it
 * counts on the chef's record); any reminder for that application is dropped.
 */
export const onApplicationCancelled: Handler<'jobs.application.cancelled.v1'> = (ctx, tx, d) =>
  textApplicationCancelled(ctx, tx, d);
