import type { EventHandlerOf } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { recordApplication } from '../use-cases/record-application';

/** Applications -> jobs, for `POST /applications/{applicationId}/confirm-payment`. */
export const onApplicationSubmitted: EventHandlerOf<PaymentsContext, 'jobs.application.submitted.v1'> = (
  ctx,
  tx,
  data,
) => recordApplication(ctx, tx, data);
