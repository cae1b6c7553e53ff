import type { Handler } from './handler';
import { textJobExpired } from '../use-cases/text-job-expired';

/**
 * Nobody confirmed the shift by its start: it expired. The restaurant reads that the whole charge comes back
 * (the policy's words, with the total it was charged), and each chef whose application lapsed is told.
 */
export const onJobExpired: Handler<'jobs.job.expired.v1'> = (ctx, tx, d) => textJobExpired(ctx, tx, d);
