import { sql, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';

/** Applications -> jobs, for `POST /applications/{applicationId}/confirm-payment`. */
export async function onApplicationSubmitted(
  ctx: PaymentsContext,
  tx: Tx,
  data: EventData<'jobs.application.submitted.v1'>,
) {
  await tx.execute(
    sql`insert into ${sql.raw(ctx.database.schema)}.applications (application_id, job_id, chef_id, restaurant_id)
        values (${data.application_id}, ${data.job_id}, ${data.chef_id}, ${data.restaurant_id})
        on conflict (application_id) do nothing`,
  );
}
