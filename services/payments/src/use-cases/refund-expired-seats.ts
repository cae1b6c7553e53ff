import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { DecisionRefused } from '../domain/decision';
import { refundSeats } from './decide-money';
import { seatOfJob } from '../queries/seat-of-job';
import { lockSeenJob } from './lock-job';

/**
 * At the start, the seats of a posting that nobody booked expired while its booked seats go on
 * (`jobs.seat.expired.v1`, issue 35): each listed seat's share goes back to the restaurant's card, a partial
 * refund of the posting's PaymentIntent per seat (its own money task, idempotency key and ledger refund at the
 * seat; `payments.escrow.refunded.v1` with its `seat_no`, reason `job_expired`). A redelivery, or a seat already
 * decided, moves nothing more. Seats the posting does not have refuse the event (dead letter and an anomaly).
 */
export async function refundExpiredSeats(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.seat.expired.v1'>,
) {
  const job = await lockSeenJob(ctx, tx, data.job_id, 'seats expired for job');
  const headcount = job.headcount ?? 1;
  const problems: string[] = [];
  if (data.restaurant_id !== job.restaurant_id)
    problems.push(`restaurant ${data.restaurant_id} is not the job's`);
  for (const seatNo of data.seats)
    if (seatNo > headcount) problems.push(`seat ${seatNo} of a posting of ${headcount}`);
  if (problems.length)
    throw new DecisionRefused(job.job_id, problems, { seats: data.seats, headcount: data.headcount });
  for (const seatNo of data.seats) {
    const seat = await seatOfJob(ctx, tx, job, seatNo);
    if (seat.chef_id)
      ctx.logger.warn(
        { job: job.job_id, seat: seatNo, chef: seat.chef_id },
        'a seat expired that payments saw booked: jobs says nobody holds it, its share goes back',
      );
  }
  await refundSeats(ctx, tx, job, data.seats, 'job_expired');
}
