import type { Tx } from '@brigade/kit';
import type { EventData, EventEnvelope } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { markAccepted } from '../db/applications.repository';

/** The restaurant accepted a chef: the only chef a late cancellation of this job may pay. */
export async function onApplicationAccepted(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.application.accepted.v1'>,
  event: EventEnvelope<unknown>,
) {
  await markAccepted(ctx.database, tx, data, event.occurred_at);
}
