import type { Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertApplication } from '../db/applications.repository';

/** Applications -> jobs, for `POST /applications/{applicationId}/confirm-payment`. */
export async function onApplicationSubmitted(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.application.submitted.v1'>,
) {
  await insertApplication(ctx.database, tx, data);
}
