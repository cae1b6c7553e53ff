import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applyCollectedEdit, declineEdit } from '../use-cases/settle-edit-charge';

/** An edit's rise was charged: the edit takes effect (or is dropped when the job can no longer take it). */
export const onEditChargeCollected: EventHandlerOf<JobsContext, 'payments.edit_charge.collected.v1'> = (
  ctx,
  tx,
  data,
) => applyCollectedEdit(ctx, tx, data);

/** An edit's rise could not be charged: the edit is declined, the job keeps its terms. */
export const onEditChargeFailed: EventHandlerOf<JobsContext, 'payments.edit_charge.failed.v1'> = (
  ctx,
  tx,
  data,
) => declineEdit(ctx, tx, data);
