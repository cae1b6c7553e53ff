import type { Handler } from './handler';
import { textJobCancelled } from '../use-cases/text-job-cancelled';

/**
 * The restaurant cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended it): every chef on it is told, and no reminder for it will go out. On a late
 * cancellation the chef who was booked reads what they will be paid (the rule's window and pay hours cited).
 */
export const onJobCancelled: Handler<'jobs.job.cancelled.v1'> = (ctx, tx, d) => textJobCancelled(ctx, tx, d);
