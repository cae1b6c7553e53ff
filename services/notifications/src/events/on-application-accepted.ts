import type { Handler } from './handler';
import { textApplicationAccepted } from '../use-cases/text-application-accepted';

/** The restaurant accepted a chef: the chef is texted to confirm. */
export const onApplicationAccepted: Handler<'jobs.application.accepted.v1'> = (ctx, tx, d) =>
  textApplicationAccepted(ctx, tx, d);
