import type { TypedHandler } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { recordReliability } from '../use-cases/record-reliability-fact';

/** Jobs recorded a reliability fact: count it on the person's profile (once per user, kind and job). */
export const onReliabilityRecorded =
  (ctx: IdentityContext): TypedHandler<'jobs.reliability.recorded.v1'> =>
  async (tx, data) => {
    await recordReliability(ctx, tx, data);
  };
