import { sql, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';

/** The jobs read model: the amounts a job is charged come only from here. */
export async function onJobPosted(ctx: PaymentsContext, tx: Tx, data: EventData<'jobs.job.posted.v1'>) {
  await tx.execute(
    sql`insert into ${sql.raw(ctx.database.schema)}.job_payments (job_id, restaurant_id, title, subtotal_cents, fee_cents, total_cents)
        values (${data.job_id}, ${data.restaurant_id}, ${data.title}, ${data.subtotal_cents}, ${data.fee_cents}, ${data.total_cents})
        on conflict (job_id) do nothing`,
  );
}
