import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordChefProfile } from '../use-cases/record-read-models';

/** Read model of chef profiles: names, skills, ratings on applications and the roster without calling identity. */
export const onChefProfileUpdated: EventHandlerOf<JobsContext, 'identity.chef_profile.updated.v1'> = (
  ctx,
  tx,
  data,
  event,
) => recordChefProfile(ctx, tx, data, event.occurred_at);
