import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertApplication, markAccepted } from '../db/applications.repository';

/** Applications -> jobs, for `POST /applications/{applicationId}/confirm-payment`. */
export async function recordApplication(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.application.submitted.v1'>,
) {
  await insertApplication(ctx.database, tx, data);
}

/**
 * The restaurant accepted a chef (at the moment the event says): the only chef a late cancellation of this job
 * may pay. Kept once, whatever order the events arrive in.
 */
export async function recordAcceptance(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.application.accepted.v1'>,
  acceptedAt: string,
) {
  await markAccepted(ctx.database, tx, data, acceptedAt);
}
