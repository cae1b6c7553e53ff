import type { EventHandlerOf } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { recordRating } from '../use-cases/record-rating';

/** A side checked out and rated the other: add the rating to the ratee's average (once per job, seat and side). */
export const onCheckoutRecorded: EventHandlerOf<IdentityContext, 'jobs.checkout.recorded.v1'> = (
  ctx,
  tx,
  data,
) => recordRating(ctx, tx, data);
