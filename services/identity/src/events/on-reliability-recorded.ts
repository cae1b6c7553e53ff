import type { EventHandlerOf } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { recordReliability } from '../use-cases/record-reliability-fact';

/** Jobs recorded a reliability fact: count it on the person's profile (once per user, kind, job and seat). */
export const onReliabilityRecorded: EventHandlerOf<IdentityContext, 'jobs.reliability.recorded.v1'> = (
  ctx,
  tx,
  data,
) => recordReliability(ctx, tx, data);
