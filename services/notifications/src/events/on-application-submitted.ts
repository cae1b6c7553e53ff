import type { Handler } from './handler';
import { textApplicationSubmitted } from '../use-cases/text-application-submitted';

/** A chef applied: the restaurant is texted. */
export const onApplicationSubmitted: Handler<'jobs.application.submitted.v1'> = (ctx, tx, d) =>
  textApplicationSubmitted(ctx, tx, d);
