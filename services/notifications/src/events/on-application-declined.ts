import type { Handler } from './handler';
import { textApplicationDeclined } from '../use-cases/text-application-declined';

/** The chef declined an acceptance: the restaurant is told (the job reopens). */
export const onApplicationDeclined: Handler<'jobs.application.declined.v1'> = (ctx, tx, d) =>
  textApplicationDeclined(ctx, tx, d);
