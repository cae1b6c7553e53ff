import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordExtraCollected } from '../use-cases/record-extra-collected';

/** An extra charge was collected: the seat's timesheet shows it as charged. */
export const onExtraChargeCollected: EventHandlerOf<JobsContext, 'payments.extra_charge.collected.v1'> = (
  ctx,
  tx,
  data,
) => recordExtraCollected(ctx, tx, data);
