import {
  BOOKING_FEE_BPS,
  computeJobPay,
  moneyFacts,
  platformFee,
  type MoneyFacts,
  type MoneyReason,
} from '@brigade/contracts';

// The money facts a text says (contracts' `moneyText`), from the event that moved or decided the money: its
// reason and figures. What an event does not carry (the whole shift pay beside a refund) comes from the job
// read model: hours x rate, as jobs and payments compute it.

/** The job as the read model knows it: its times and rate, and what was charged. */
export interface KnownJob {
  start_time: Date | string;
  end_time: Date | string;
  hourly_rate_cents: number | null;
  total_cents: number | null;
}

/** The shift pay and the charge of a job the read model knows; null when it does not know enough. */
export function shiftPayOf(job: KnownJob | null): { shift_pay_cents: number; total_cents: number } | null {
  if (!job || job.hourly_rate_cents == null) return null;
  const pay = computeJobPay(job.start_time, job.end_time, job.hourly_rate_cents / 100);
  return { shift_pay_cents: pay.subtotalCents, total_cents: job.total_cents ?? pay.totalCents };
}

/**
 * The facts of a decision: its reason and figures; `done` once payments says every movement is in the ledger
 * (its payout, refund or settlement event), else on its way.
 */
export function decidedMoney(input: {
  reason: MoneyReason;
  done: boolean;
  chef_pay_cents: number;
  /** null: not said by the event (the booking fee on the chef pay) */
  fee_cents: number | null;
  refund_cents: number;
  /** the whole shift pay, when known (else what the chef is paid) */
  shift_pay_cents?: number | null;
  job?: KnownJob | null;
}): MoneyFacts {
  const fee = input.fee_cents ?? platformFee({ feeBps: BOOKING_FEE_BPS }, input.chef_pay_cents);
  const known = shiftPayOf(input.job ?? null);
  return moneyFacts({
    reason: input.reason,
    done: input.done,
    shift_pay_cents: input.shift_pay_cents ?? known?.shift_pay_cents ?? input.chef_pay_cents,
    total_cents: input.chef_pay_cents + fee + input.refund_cents,
    chef_pay_cents: input.chef_pay_cents,
    fee_cents: fee,
    refund_cents: input.refund_cents,
  });
}

/** The facts of a checkout's outcome (both answers, or the deadline's rule): on its way, or held for review. */
export function checkoutMoney(
  outcome: 'release' | 'refund' | 'disputed',
  job: { subtotal_cents: number; fee_cents: number; total_cents: number },
): MoneyFacts {
  const base = { shift_pay_cents: job.subtotal_cents, total_cents: job.total_cents };
  if (outcome === 'disputed')
    return moneyFacts({
      reason: null,
      disputed: true,
      ...base,
      chef_pay_cents: job.subtotal_cents,
      fee_cents: job.fee_cents,
      refund_cents: 0,
    });
  if (outcome === 'refund')
    return moneyFacts({
      reason: 'work_not_completed',
      ...base,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: job.total_cents,
    });
  return moneyFacts({
    reason: 'release',
    ...base,
    chef_pay_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    refund_cents: 0,
  });
}
