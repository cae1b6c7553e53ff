import type { Executor } from '@brigade/kit';
import { seatShare } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import type { JobPaymentRow } from '../db/jobs.repository';
import { findSeat } from '../db/seat-payments.repository';

/**
 * A job as one of its seats sees it (issue 35, ADR 0030): the seat's share of the posting's amounts
 * (`seatShare`), the seat's own payment status and chef. A posting of one seat is the job itself, exactly as
 * before seats (its status and chef are the job's).
 */
export interface SeatOfJob extends JobPaymentRow {
  seat_no: number;
  /** the seat's application, when payments knows it */
  application_id: string | null;
}

export async function seatOfJob(
  ctx: PaymentsContext,
  tx: Executor | undefined,
  job: JobPaymentRow,
  seatNo: number,
): Promise<SeatOfJob> {
  if ('seat_no' in job) throw new Error(`job ${job.job_id} is already seen from seat ${String(job.seat_no)}`);
  const headcount = job.headcount ?? 1;
  const seat = await findSeat(ctx.database, job.job_id, seatNo, tx);
  if (headcount === 1)
    return {
      ...job,
      seat_no: seatNo,
      chef_id: seat ? seat.chef_id : job.chef_id,
      application_id: seat?.application_id ?? null,
    };
  const share = seatShare(job, headcount);
  return {
    ...job,
    ...share,
    seat_no: seatNo,
    // a seat beyond the headcount (never posted) has no money: it reads as unpaid
    status: seat?.status ?? 'pending',
    chef_id: seat?.chef_id ?? null,
    application_id: seat?.application_id ?? null,
  };
}
