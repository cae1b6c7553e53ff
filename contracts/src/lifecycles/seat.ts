import { transitionAllows, type Actor, type JobStatus } from './job';

/**
 * The seat lifecycle as data (issue 35, ADR 0030): a posting of several chefs is one job with one charge, and
 * each seat is booked, worked and settled on its own. Every write to a seat's status names one of these actions,
 * and a status not in `from` refuses it; the job's status is then derived from its seats (`jobStatusOfSeats`),
 * in the same transaction. A job of one seat moves exactly as JOB_TRANSITIONS says.
 *
 * open -> filled -> completed | disputed -> completed
 * filled -> open (its chef cancelled before the start)
 * open | filled -> cancelled; open -> expired (at the start, nobody booked it)
 */
export const SEAT_STATUSES = ['open', 'filled', 'completed', 'disputed', 'cancelled', 'expired'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

export const SEAT_TRANSITIONS = {
  /** a chef took the seat: they confirmed an accepted application, or accepted an offer */
  book: { from: ['open'], to: 'filled', by: ['chef'] },
  /** the seat's chef cancelled before the start: this seat is open again, the others stay as they are */
  reopen: { from: ['filled'], to: 'open', by: ['chef'] },
  /** both sides agree (release or refund), the checkout deadline's rule, or the seat's timesheet settled */
  complete: { from: ['filled'], to: 'completed', by: ['restaurant', 'chef', 'system'] },
  /** the seat's checkout answers disagree: its share stays held for a decision */
  dispute: { from: ['filled'], to: 'disputed', by: ['restaurant', 'chef', 'system'] },
  /** an operator decided the seat's dispute */
  resolve: { from: ['disputed'], to: 'completed', by: ['operator'] },
  /**
   * the owner cancelled before the start (the whole job, or an unbooked seat removed); `system` on the owner's
   * behalf when an operator suspended the restaurant
   */
  cancel: { from: ['open', 'filled'], to: 'cancelled', by: ['restaurant', 'system'] },
  /** nobody booked the seat by the start: its share is refunded, the booked seats go on */
  expire: { from: ['open'], to: 'expired', by: ['system'] },
} as const satisfies Record<string, { from: readonly SeatStatus[]; to: SeatStatus; by: readonly Actor[] }>;
export type SeatAction = keyof typeof SEAT_TRANSITIONS;

export function canSeat(action: SeatAction, from: SeatStatus, actor?: Actor): boolean {
  return transitionAllows<SeatStatus>(SEAT_TRANSITIONS[action], from, actor);
}

/** The status after an action, or null when the action is not allowed from this status. */
export function nextSeatStatus(action: SeatAction, from: SeatStatus): SeatStatus | null {
  return canSeat(action, from) ? SEAT_TRANSITIONS[action].to : null;
}

/** A seat that will not change again (apart from its money settling). */
export const FINAL_SEAT_STATUSES = [
  'completed',
  'cancelled',
  'expired',
] as const satisfies readonly SeatStatus[];

const isFinalSeat = (s: SeatStatus) => (FINAL_SEAT_STATUSES as readonly SeatStatus[]).includes(s);

/**
 * The job's status derived from its seats, written in the transaction of every seat change. The job's own
 * statuses stand: `cancelled` and `expired` are final, and an unpaid job (`pending_payment`, `payment_failed`)
 * stays so while it has a seat that has not ended (its seats are open until the escrow is held). Otherwise,
 * the first rule that matches:
 *
 * | seats                                                   | job       |
 * | ------------------------------------------------------- | --------- |
 * | any disputed                                            | disputed  |
 * | any open                                                | open      |
 * | all cancelled                                           | cancelled |
 * | all cancelled or expired (none completed)               | expired   |
 * | all completed, cancelled or expired, one completed      | completed |
 * | the rest: none open, some filled (others final)         | filled    |
 *
 * So 2 of 3 seats booked is `open`, 3 of 3 `filled`; booked seats go on past the start beside expired ones
 * (`filled`) and the job completes when the last of them does. A job has at least one seat.
 */
export function jobStatusOfSeats(
  job: { status: JobStatus },
  seats: readonly { status: SeatStatus }[],
): JobStatus {
  if (seats.length === 0) throw new Error('a job has at least one seat');
  if (job.status === 'cancelled' || job.status === 'expired') return job.status;
  const all = (...statuses: SeatStatus[]) => seats.every((s) => statuses.includes(s.status));
  const any = (status: SeatStatus) => seats.some((s) => s.status === status);
  const ended = all('cancelled', 'expired');
  if ((job.status === 'pending_payment' || job.status === 'payment_failed') && !ended) return job.status;
  if (any('disputed')) return 'disputed';
  if (any('open')) return 'open';
  if (all('cancelled')) return 'cancelled';
  if (ended) return 'expired';
  if (seats.every((s) => isFinalSeat(s.status))) return 'completed';
  return 'filled';
}
