import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { recordAcceptance } from '../use-cases/record-application';

/** The restaurant accepted a chef: the only chef a late cancellation of this job may pay. */
export const onApplicationAccepted: EventHandlerOf<PaymentsContext, 'jobs.application.accepted.v1'> = (
  ctx,
  tx,
  data,
  event,
) => recordAcceptance(ctx, tx, data, event.occurred_at);
