import { computeJobPay, postingOfSeats, seatShare, type JobPay } from '../contracts';
import { escrowCharge } from '@brigade/contracts';

/**
 * The pay a post form shows as it is filled: hours, subtotal, 7% booking fee, total (integer cents, the
 * server's own rule from @brigade/contracts). The hours are the scheduled time less the unpaid break (issue 34:
 * the escrow charges that, `escrowCharge`). Null until start, end and rate make a shift.
 */
export function shiftPay(
  start: string,
  end: string,
  hourlyRate: string | number,
  breakMinutes = 0,
): JobPay | null {
  if (!start || !end || hourlyRate === '' || hourlyRate === null) return null;
  const rate = Number(hourlyRate);
  const s = new Date(start).getTime();
  const e = new Date(end).getTime();
  if (!Number.isFinite(rate) || rate <= 0 || Number.isNaN(s) || Number.isNaN(e) || e <= s) return null;
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0 || breakMinutes * 60_000 >= e - s) return null;
  if (breakMinutes === 0) return computeJobPay(new Date(s), new Date(e), rate);
  return escrowCharge({
    start_time: new Date(s),
    end_time: new Date(e),
    hourly_rate_cents: Math.round(rate * 100),
    break_minutes: breakMinutes,
  });
}

/**
 * A posting's pay for `headcount` chefs (issue 35, ADR 0030): one seat's figures × headcount, as the server
 * charges it (the escrow is headcount × (shift pay + 7%); contracts' `seatShare` is the way back). The hours stay
 * one chef's. Null while the seat's pay or the headcount is not known.
 */
export function postingPay(seat: JobPay | null, headcount: number | null): JobPay | null {
  if (!seat || headcount === null || !Number.isInteger(headcount) || headcount < 1) return null;
  return postingOfSeats(seat, headcount);
}

/** The pay of a stored job: the server's amounts when present, else the same rule. */
export function jobPay(job: {
  start_time: string;
  end_time: string;
  hourly_rate: number;
  subtotal_cents?: number;
  fee_cents?: number;
  total_cents?: number;
  hours?: number;
}): JobPay {
  if (
    typeof job.subtotal_cents === 'number' &&
    typeof job.fee_cents === 'number' &&
    typeof job.total_cents === 'number'
  )
    return {
      hours: job.hours ?? (new Date(job.end_time).getTime() - new Date(job.start_time).getTime()) / 3_600_000,
      subtotalCents: job.subtotal_cents,
      feeCents: job.fee_cents,
      totalCents: job.total_cents,
    };
  return computeJobPay(job.start_time, job.end_time, job.hourly_rate);
}

/**
 * One seat's pay of a posting's figures (issue 35): contracts' `seatShare`, the way back from `postingOfSeats`;
 * null when they do not divide into `headcount` equal seats (a posting not priced per seat). The hours stay one
 * chef's.
 */
export function seatOfPosting(posting: JobPay, headcount: number): JobPay | null {
  try {
    const share = seatShare(
      { subtotal_cents: posting.subtotalCents, fee_cents: posting.feeCents, total_cents: posting.totalCents },
      headcount,
    );
    return {
      hours: posting.hours,
      subtotalCents: share.subtotal_cents,
      feeCents: share.fee_cents,
      totalCents: share.total_cents,
    };
  } catch {
    return null;
  }
}

/**
 * One chef's pay of a stored job (issue 35): a posting's amounts are the whole posting's (headcount × one seat's),
 * so a chef reads one seat's share; a job of one seat is its own amounts.
 */
export function seatPay(job: Parameters<typeof jobPay>[0] & { headcount?: number }): JobPay {
  const whole = jobPay(job);
  const headcount = job.headcount ?? 1;
  if (headcount <= 1) return whole;
  // amounts not priced per seat (never from the jobs service): the rule for one chef
  return seatOfPosting(whole, headcount) ?? computeJobPay(job.start_time, job.end_time, job.hourly_rate);
}

/**
 * One seat's figures of a stored posting, as the server's fields are named: what a dispute of one seat (its
 * chef's pay and the seat's charge) is decided against (issue 35).
 */
export function seatFigures(job: Parameters<typeof seatPay>[0]) {
  const seat = seatPay(job);
  return { subtotal_cents: seat.subtotalCents, fee_cents: seat.feeCents, total_cents: seat.totalCents };
}
