import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertApplication } from '../db/applications.repository';
import { setSeatChef } from '../db/seat-payments.repository';
import { lockSeenJob } from './lock-job';

/**
 * A chef confirmed a seat (`jobs.application.confirmed.v1` with `seat_no`, issue 35): the seat names its chef and
 * application, the chef a late cancellation of that seat pays and who reads that seat's money. No money moves.
 * A job payments has not seen yet is retried (its posting may still be on the way), never dropped.
 */
export async function bookSeat(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.application.confirmed.v1'>,
) {
  const job = await lockSeenJob(ctx, tx, data.job_id, 'seat confirmed for job');
  const seatNo = data.seat_no ?? 1;
  if (seatNo < 1 || seatNo > (job.headcount ?? 1)) {
    ctx.logger.warn(
      { job: job.job_id, seat: seatNo, headcount: job.headcount },
      'a confirmation names a seat the posting does not have: nothing recorded',
    );
    return;
  }
  await insertApplication(ctx.database, tx, data);
  await setSeatChef(ctx.database, tx, job.job_id, seatNo, data.chef_id, data.application_id, true);
}
