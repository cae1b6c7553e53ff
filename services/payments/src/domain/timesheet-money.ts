import {
  escrowCharge,
  hoursDecisionBounds,
  sentHomeChefPay,
  timesheetMoney,
  workedMinutes,
  workedPay,
  type Policy,
  type TimesheetMoney,
  type TimesheetShift,
} from '@brigade/contracts';

/**
 * Issue 34 (ADR 0028): a settled timesheet's money, recomputed by payments from its own records (what it charged,
 * the posting's rate and break, the times the event carries) with the contracts' functions, before anything moves.
 */

export type TimesheetPolicy = Pick<
  Policy,
  'feeBps' | 'cardMinimumCents' | 'maxExtraHours' | 'sentHomePayHours'
>;

/** How the hours were settled: the event that carries them. */
export type SettlementSource = 'approved' | 'resolved' | 'sent_home' | 'no_show';

/** The figures a jobs.timesheet.*.v1 event carries (TimesheetFigures). */
export interface TimesheetFiguresIn {
  clock_in_at: string | null;
  clock_out_at: string | null;
  break_minutes: number;
  worked_minutes: number;
  hourly_rate_cents: number;
  chef_pay_cents: number;
  fee_cents: number;
  total_cents: number;
  extra_charge_cents: number;
  refund_cents: number;
}

/** What payments knows of the seat's money: the posting (rate, break, times) and what its escrow charged. */
export interface SeatRecords {
  shift: TimesheetShift;
  /** the job's amounts as payments recorded them from jobs.job.posted.v1 */
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  /** the escrow charge in the ledger */
  charged_cents: number;
}

export type SettlementVerdict =
  { ok: true; chefPay: number; worked: number; money: TimesheetMoney } | { ok: false; problems: string[] };

const eq = (problems: string[], what: string, got: number, expected: number) => {
  if (got !== expected) problems.push(`${what} ${got} != ${expected}`);
};

/**
 * Recompute the chef's pay and every money figure of a settled timesheet from payments' own records; any figure
 * that differs is a problem (the event is refused, nothing moves):
 * - approved: the worked minutes from the times carried (workedMinutes; a clock-in the restaurant set counts as
 *   given, so an early clock-in is accepted either way), the pay they come to;
 * - sent home: the pay is sentHomeChefPay of the worked minutes;
 * - resolved: the operator's minutes (or pay) within hoursDecisionBounds; the pay is the minutes' pay, or the
 *   pay decided in cents;
 * - no_show: nothing for the chef (the whole charge back);
 * then the money block against what the escrow charged (timesheetMoney).
 */
export function recomputeSettlement(
  policy: TimesheetPolicy,
  source: SettlementSource,
  seat: SeatRecords,
  f: TimesheetFiguresIn | null,
): SettlementVerdict {
  const problems: string[] = [];
  const escrow = escrowCharge(seat.shift);
  eq(problems, 'job subtotal', seat.subtotal_cents, escrow.subtotalCents);
  eq(problems, 'job fee', seat.fee_cents, escrow.feeCents);
  eq(problems, 'job total', seat.total_cents, escrow.totalCents);
  eq(problems, 'charged', seat.charged_cents, seat.total_cents);
  let chefPay = 0;
  let worked = 0;
  if (f) {
    eq(problems, 'hourly rate', f.hourly_rate_cents, seat.shift.hourly_rate_cents);
    worked = f.worked_minutes;
    if (source === 'resolved') {
      const bounds = hoursDecisionBounds(policy, seat.shift);
      if (worked > bounds.max_worked_minutes)
        problems.push(`worked ${worked} > the decision bound ${bounds.max_worked_minutes}`);
      chefPay = f.chef_pay_cents;
      if (chefPay !== workedPay(seat.shift, worked) && chefPay > bounds.max_chef_pay_cents)
        problems.push(`chef pay ${chefPay} > the decision bound ${bounds.max_chef_pay_cents}`);
    } else {
      if (!f.clock_in_at || !f.clock_out_at) problems.push('no clock-in or clock-out on a settled timesheet');
      else {
        const times = {
          clock_in_at: f.clock_in_at,
          clock_out_at: f.clock_out_at,
          break_minutes: f.break_minutes,
        };
        const counted = workedMinutes(policy, seat.shift, times);
        const given = workedMinutes(policy, seat.shift, { ...times, clock_in_set_by_restaurant: true });
        if (worked !== counted && worked !== given)
          problems.push(`worked minutes ${worked} != ${counted} from the clock times`);
      }
      chefPay =
        source === 'sent_home' ? sentHomeChefPay(policy, seat.shift, worked) : workedPay(seat.shift, worked);
    }
  }
  if (problems.length) return { ok: false, problems };
  const money = timesheetMoney(policy, chefPay, {
    subtotal_cents: seat.subtotal_cents,
    fee_cents: seat.fee_cents,
  });
  if (f) {
    eq(problems, 'fee', f.fee_cents, money.pay.fee_cents);
    eq(problems, 'total', f.total_cents, money.pay.total_cents);
    eq(problems, 'extra charge', f.extra_charge_cents, money.pay.extra_charge_cents);
    eq(problems, 'refund', f.refund_cents, money.pay.refund_cents);
    eq(problems, 'chef pay', f.chef_pay_cents, money.pay.chef_pay_cents);
  }
  return problems.length ? { ok: false, problems } : { ok: true, chefPay, worked, money };
}

/** A settled timesheet as recorded, and what its job's ledger says moved (by part). */
export interface TimesheetLedgerFacts {
  chef_pay_cents: number;
  subtotal_cents: number;
  fee_cents: number;
  now_chef_cents: number;
  now_fee_cents: number;
  now_refund_cents: number;
  extra_charge_cents: number;
  extra_chef_cents: number;
  extra_fee_cents: number;
  extra_status: 'none' | 'pending' | 'collected' | 'failed';
  /** whether the escrow's movements are all done (the job closed) */
  escrow_closed: boolean;
  /** whether the extra's transfer (and fee) is done */
  extra_moved: boolean;
  ledger: {
    escrow: { charged: number; transferred: number; fee: number; refunded: number };
    extra: { charged: number; transferred: number; fee: number; refunded: number };
  };
}

/**
 * The ledger rules of a job with a timesheet (they replace the escrow's 7% and shift-pay rules): the recorded
 * money is timesheetMoney of the recorded chef pay against the escrow's charge; the escrow part moved exactly
 * `now` (or a part of it while tasks are open); the extra is charged only as recorded, its chef part and fee move
 * only once it is collected; and once everything moved, all the job's charges = transferred + fee + refunded.
 */
export function timesheetLedgerProblems(
  policy: Pick<Policy, 'feeBps' | 'cardMinimumCents'>,
  t: TimesheetLedgerFacts,
): string[] {
  const problems: string[] = [];
  const money = timesheetMoney(policy, t.chef_pay_cents, {
    subtotal_cents: t.subtotal_cents,
    fee_cents: t.fee_cents,
  });
  const expect = (what: string, got: number, want: number) => {
    if (got !== want) problems.push(`${what} ${got} != timesheetMoney's ${want}`);
  };
  expect('recorded chef pay now', t.now_chef_cents, money.now.chef_cents);
  expect('recorded fee now', t.now_fee_cents, money.now.fee_cents);
  expect('recorded refund', t.now_refund_cents, money.now.refund_cents);
  expect('recorded extra charge', t.extra_charge_cents, money.on_collection?.charge_cents ?? 0);
  expect('recorded extra chef pay', t.extra_chef_cents, money.on_collection?.chef_cents ?? 0);
  expect('recorded extra fee', t.extra_fee_cents, money.on_collection?.fee_cents ?? 0);
  const { escrow, extra } = t.ledger;
  if (t.escrow_closed) {
    expect('transferred now', escrow.transferred, money.now.chef_cents);
    expect('fee kept now', escrow.fee, money.now.fee_cents);
    expect('refunded', escrow.refunded, money.now.refund_cents);
    if (escrow.charged !== escrow.transferred + escrow.fee + escrow.refunded)
      problems.push(
        `escrow charged ${escrow.charged} != transferred ${escrow.transferred} + fee ${escrow.fee} + refunded ${escrow.refunded}`,
      );
  } else if (escrow.transferred + escrow.fee + escrow.refunded > escrow.charged)
    problems.push('the escrow moved more than it charged');
  if (extra.refunded > 0) problems.push(`an extra charge was refunded (${extra.refunded})`);
  if (t.extra_status === 'collected') {
    expect('extra charged', extra.charged, t.extra_charge_cents);
    if (t.extra_moved) {
      expect('extra transferred', extra.transferred, t.extra_chef_cents);
      expect('extra fee kept', extra.fee, t.extra_fee_cents);
    } else if (extra.transferred + extra.fee > extra.charged)
      problems.push('the extra moved more than it collected');
  } else if (extra.charged + extra.transferred + extra.fee > 0)
    problems.push(
      `extra not collected (${t.extra_status}) but the ledger has charged ${extra.charged}, transferred ${extra.transferred}, fee ${extra.fee}`,
    );
  if (t.escrow_closed && (t.extra_status !== 'collected' || t.extra_moved)) {
    const charged = escrow.charged + extra.charged;
    const out = escrow.transferred + extra.transferred + escrow.fee + extra.fee + escrow.refunded;
    if (charged !== out) problems.push(`all charges ${charged} != transferred + fee + refunded ${out}`);
  }
  return problems;
}
