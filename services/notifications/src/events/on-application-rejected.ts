import type { Handler } from './handler';
import { textApplicationRejected } from '../use-cases/text-application-rejected';

/** The restaurant rejected a chef: the chef is told. */
export const onApplicationRejected: Handler<'jobs.application.rejected.v1'> = (ctx, tx, d) =>
  textApplicationRejected(ctx, tx, d);
