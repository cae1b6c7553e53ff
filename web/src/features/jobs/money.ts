import { computeJobPay, type JobPay } from '../../app/contracts';
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
