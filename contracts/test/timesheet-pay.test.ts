import fc from 'fast-check';
import {
  collectedByEscrow,
  computeJobPay,
  escrowCharge,
  hoursDecisionBounds,
  loadPolicy,
  platformFee,
  scheduledMinutes,
  sentHomeChefPay,
  timesheetMoney,
  workedMinutes,
  workedPay,
  type TimesheetMoney,
  type TimesheetShift,
} from '../src';

// The money of a timesheet (issue 34, ADR 0028): the hours actually worked decide the chef's pay, the
// restaurant's card is refunded or charged the difference (never under 50 cents), and every path ends in the
// ledger identity charged = chef pay + fee + refunded.

const policy = loadPolicy({});
const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
/** The examples' shift: 10:00-18:00, 8 hours at $25/h ($200 pay, $14 fee, $214 charged). */
const shift = (over: Partial<TimesheetShift> = {}): TimesheetShift => ({
  start_time: at('10:00'),
  end_time: at('18:00'),
  hourly_rate_cents: 2500,
  break_minutes: 0,
  ...over,
});
const worked = (clockIn: string, clockOut: string, breakMinutes = 0, s = shift(), bySelf = true) =>
  workedMinutes(policy, s, {
    clock_in_at: at(clockIn),
    clock_out_at: at(clockOut),
    break_minutes: breakMinutes,
    clock_in_set_by_restaurant: !bySelf,
  });
const money = (chefPay: number, s = shift()) => timesheetMoney(policy, chefPay, collectedByEscrow(s));

describe('worked minutes', () => {
  test('count from the later of the clock-in and the start, to the clock-out, less the break, rounded down', () => {
    expect(worked('10:00', '18:00')).toBe(480);
    expect(worked('09:40', '18:00')).toBe(480); // an early clock-in alone is not paid
    expect(worked('10:20', '18:00')).toBe(460);
    expect(worked('10:00', '18:00', 30)).toBe(450);
    // 17:59:59 is 479 whole minutes
    expect(
      workedMinutes(policy, shift(), {
        clock_in_at: at('10:00'),
        clock_out_at: new Date(at('18:00').getTime() - 1000),
        break_minutes: 0,
      }),
    ).toBe(479);
    // the clock's minutes, as both sides read them: in at 10:20:00.014, out at 18:00 is 7 h 40, not 7 h 39
    expect(
      workedMinutes(policy, shift(), {
        clock_in_at: new Date(at('10:20').getTime() + 14),
        clock_out_at: at('18:00'),
        break_minutes: 0,
      }),
    ).toBe(460);
  });

  test('an earlier start counts when the restaurant adjusts it in', () => {
    expect(worked('09:40', '18:00', 0, shift(), false)).toBe(500);
  });

  test('work past the end is paid up to MAX_EXTRA_HOURS beyond it, and never below zero', () => {
    expect(worked('10:00', '19:00')).toBe(540);
    expect(worked('10:00', '23:59')).toBe(720); // capped at 22:00
    expect(worked('10:00', '10:10', 30)).toBe(0);
    expect(worked('17:00', '16:00')).toBe(0);
  });
});

describe('the escrow charge', () => {
  test('is for the scheduled time less the break; with no break it is exactly today’s charge', () => {
    expect(escrowCharge(shift())).toEqual(computeJobPay(at('10:00'), at('18:00'), 25));
    expect(escrowCharge(shift())).toMatchObject({
      subtotalCents: 20_000,
      feeCents: 1400,
      totalCents: 21_400,
    });
    expect(escrowCharge(shift({ break_minutes: 30 }))).toMatchObject({
      subtotalCents: 18_750,
      feeCents: 1313,
      totalCents: 20_063,
    });
    expect(escrowCharge(shift({ hourly_rate_cents: 2599 })).subtotalCents).toBe(
      computeJobPay(at('10:00'), at('18:00'), 25.99).subtotalCents,
    );
  });
});

describe('the pay block', () => {
  test('on time as scheduled: nothing more moves', () => {
    expect(money(workedPay(shift(), worked('10:00', '18:00')))).toEqual({
      pay: {
        chef_pay_cents: 20_000,
        fee_cents: 1400,
        total_cents: 21_400,
        charged_cents: 21_400,
        extra_charge_cents: 0,
        refund_cents: 0,
      },
      under_minimum: null,
      now: { chef_cents: 20_000, fee_cents: 1400, refund_cents: 0 },
      on_collection: null,
    });
  });

  test('late and short: the difference, with its fee, is refunded to the restaurant’s card', () => {
    // clocked in at 10:20: 460 minutes, $191.67, fee $13.42, $205.09 of the $214.00 charged
    const m = money(workedPay(shift(), worked('10:20', '18:00')));
    expect(m.pay).toEqual({
      chef_pay_cents: 19_167,
      fee_cents: 1342,
      total_cents: 20_509,
      charged_cents: 21_400,
      extra_charge_cents: 0,
      refund_cents: 891,
    });
    expect(m.now).toEqual({ chef_cents: 19_167, fee_cents: 1342, refund_cents: 891 });
  });

  test('stay late: the extra is charged to the saved card; the chef has the scheduled part at once, the rest once collected', () => {
    const m = money(workedPay(shift(), worked('10:00', '19:00')));
    expect(m.pay).toEqual({
      chef_pay_cents: 22_500,
      fee_cents: 1575,
      total_cents: 24_075,
      charged_cents: 21_400,
      extra_charge_cents: 2675,
      refund_cents: 0,
    });
    expect(m.now).toEqual({ chef_cents: 20_000, fee_cents: 1400, refund_cents: 0 });
    expect(m.on_collection).toEqual({ charge_cents: 2675, chef_cents: 2500, fee_cents: 175 });
  });

  test('under the 50-cent card minimum nothing moves on the card, the chef is paid the hours, the fee takes the cents', () => {
    // 479 minutes: $199.58 + $13.97 = $213.55, 45 cents less than charged: not refunded
    const short = money(workedPay(shift(), 479));
    expect(short.pay).toEqual({
      chef_pay_cents: 19_958,
      fee_cents: 1442,
      total_cents: 21_400,
      charged_cents: 21_400,
      extra_charge_cents: 0,
      refund_cents: 0,
    });
    expect(short.under_minimum).toEqual({ kind: 'refund', cents: 45 });
    // 481 minutes: 45 cents more than charged: not charged
    const long = money(workedPay(shift(), 481));
    expect(long.pay).toMatchObject({ chef_pay_cents: 20_042, fee_cents: 1358, total_cents: 21_400 });
    expect(long.under_minimum).toEqual({ kind: 'extra', cents: 45 });
    // exactly 50 cents moves
    const fifty = timesheetMoney(policy, 20_000, { subtotal_cents: 19_500, fee_cents: 1850 });
    expect(fifty.pay).toMatchObject({ extra_charge_cents: 50, chef_pay_cents: 20_000, fee_cents: 1400 });
  });

  test('a pay so small the fee cannot take up an uncharged extra pays the chef what was collected', () => {
    const m = timesheetMoney(policy, 110, { subtotal_cents: 100, fee_cents: 7 });
    expect(m.pay).toMatchObject({
      chef_pay_cents: 107,
      fee_cents: 0,
      total_cents: 107,
      extra_charge_cents: 0,
    });
    expect(m.under_minimum).toEqual({ kind: 'extra', cents: 11 });
  });

  test('a posting with a break worked as scheduled moves nothing more', () => {
    const s = shift({ break_minutes: 30 });
    const m = money(workedPay(s, worked('10:00', '18:00', 30, s)), s);
    expect(m.pay).toMatchObject({
      chef_pay_cents: 18_750,
      total_cents: 20_063,
      extra_charge_cents: 0,
      refund_cents: 0,
    });
  });
});

describe('sent home, no-show and the operator’s decision', () => {
  test('sent home: max(worked, 4 hours) at the rate, never more than the shift pay', () => {
    expect(sentHomeChefPay(policy, shift(), 40)).toBe(10_000);
    expect(sentHomeChefPay(policy, shift(), 300)).toBe(12_500);
    const threeHours = shift({ end_time: at('13:00') });
    expect(sentHomeChefPay(policy, threeHours, 20)).toBe(7500);
    expect(money(sentHomeChefPay(policy, shift(), 40)).pay).toMatchObject({
      chef_pay_cents: 10_000,
      fee_cents: 700,
      refund_cents: 10_700,
    });
  });

  test('a no-show uncontested is a full refund', () => {
    expect(money(0).pay).toMatchObject({
      chef_pay_cents: 0,
      fee_cents: 0,
      total_cents: 0,
      refund_cents: 21_400,
    });
  });

  test('an operator decides 0 up to the scheduled hours + MAX_EXTRA_HOURS', () => {
    expect(scheduledMinutes(shift())).toBe(480);
    expect(hoursDecisionBounds(policy, shift())).toEqual({
      min_worked_minutes: 0,
      max_worked_minutes: 720,
      max_chef_pay_cents: 30_000,
    });
  });
});

// ---------- properties: every path ends in the ledger ----------

const MIN = 60_000;
const base = at('10:00').getTime();

const shiftArb = fc
  .record({
    minutes: fc.integer({ min: 60, max: 720 }),
    rate: fc.integer({ min: 1500, max: 15_000 }),
    breakMinutes: fc.integer({ min: 0, max: 120 }),
  })
  .map(({ minutes, rate, breakMinutes }): TimesheetShift => ({
    start_time: new Date(base),
    end_time: new Date(base + minutes * MIN),
    hourly_rate_cents: rate,
    break_minutes: Math.min(breakMinutes, minutes - 30),
  }));

type Path = 'approved' | 'adjusted' | 'sent_home' | 'no_show' | 'decided_minutes' | 'decided_cents';
const pathArb = fc.constantFrom<Path>(
  'approved',
  'adjusted',
  'sent_home',
  'no_show',
  'decided_minutes',
  'decided_cents',
);

const caseArb = fc.record({
  shift: shiftArb,
  path: pathArb,
  inOffset: fc.integer({ min: -30, max: 900 }),
  length: fc.integer({ min: 0, max: 1200 }),
  breakMinutes: fc.integer({ min: 0, max: 120 }),
  decided: fc.double({ min: 0, max: 1, noNaN: true }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function chefPayOf(c: Case): number {
  const s = c.shift;
  const clockIn = new Date(base + c.inOffset * MIN);
  const times = {
    clock_in_at: clockIn,
    clock_out_at: new Date(clockIn.getTime() + c.length * MIN),
    break_minutes: c.breakMinutes,
  };
  const bounds = hoursDecisionBounds(policy, s);
  switch (c.path) {
    case 'approved':
      return workedPay(s, workedMinutes(policy, s, times));
    case 'adjusted':
      return workedPay(s, workedMinutes(policy, s, { ...times, clock_in_set_by_restaurant: true }));
    case 'sent_home':
      return sentHomeChefPay(policy, s, Math.min(60, workedMinutes(policy, s, times)));
    case 'no_show':
      return 0;
    case 'decided_minutes':
      return workedPay(s, Math.floor(c.decided * bounds.max_worked_minutes));
    case 'decided_cents':
      return Math.floor(c.decided * bounds.max_chef_pay_cents);
  }
}

/** The ledger's rules a timesheet's money breaks, by name (none: it balances). */
function ledgerBreaks(m: TimesheetMoney, chefPay: number): string[] {
  const { pay, now, on_collection } = m;
  const C = pay.charged_cents;
  const collected = on_collection ?? { charge_cents: 0, chef_cents: 0, fee_cents: 0 };
  const rules: Record<string, boolean> = {
    'whole, non-negative cents': [
      ...Object.values(pay),
      ...Object.values(now),
      ...Object.values(collected),
    ].every((v) => Number.isInteger(v) && v >= 0),
    // the pay shown is what moves
    'total = chef pay + fee': pay.total_cents === pay.chef_pay_cents + pay.fee_cents,
    'total = charged + extra - refund': pay.total_cents === C + pay.extra_charge_cents - pay.refund_cents,
    // a card moves 0 or at least the minimum, one way only
    'extra is 0 or >= 50': pay.extra_charge_cents === 0 || pay.extra_charge_cents >= policy.cardMinimumCents,
    'refund is 0 or >= 50': pay.refund_cents === 0 || pay.refund_cents >= policy.cardMinimumCents,
    'extra or refund, not both': pay.extra_charge_cents === 0 || pay.refund_cents === 0,
    // the extra collected: charged (all charges) = transferred + fee + refunded
    'collected: charged = transferred + fee + refunded':
      C + collected.charge_cents ===
      now.chef_cents + collected.chef_cents + now.fee_cents + collected.fee_cents + now.refund_cents,
    'what moves sums to the pay block':
      now.chef_cents + collected.chef_cents === pay.chef_pay_cents &&
      now.fee_cents + collected.fee_cents === pay.fee_cents &&
      now.refund_cents === pay.refund_cents &&
      collected.charge_cents === pay.extra_charge_cents,
    // the extra declined for good: what was charged still balances, no chef money went out uncollected
    'declined: charged = transferred + fee + refunded':
      C === now.chef_cents + now.fee_cents + now.refund_cents,
    // the chef is paid the hours and the fee is 7% of it, but for a difference under the minimum
    'chef paid the hours, fee 7%':
      m.under_minimum === null
        ? pay.chef_pay_cents === chefPay && pay.fee_cents === platformFee(policy, chefPay)
        : m.under_minimum.cents > 0 &&
          m.under_minimum.cents < policy.cardMinimumCents &&
          pay.extra_charge_cents + pay.refund_cents === 0 &&
          pay.chef_pay_cents === Math.min(chefPay, C),
  };
  return Object.keys(rules).filter((rule) => !rules[rule]);
}

test('every path (approved, adjusted, sent home, no-show, decided) ends in charged = chef pay + fee + refunded', () => {
  fc.assert(
    fc.property(caseArb, (c) => {
      const chefPay = chefPayOf(c);
      expect(ledgerBreaks(timesheetMoney(policy, chefPay, collectedByEscrow(c.shift)), chefPay)).toEqual([]);
    }),
    { numRuns: 2000 },
  );
});

test('whatever was charged before (an extra paid late, a split of any kind), the identity holds', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 60_000 }),
      fc.integer({ min: 0, max: 60_000 }),
      fc.integer({ min: 0, max: 5_000 }),
      (chefPay, subtotal, fee) => {
        const m = timesheetMoney(policy, chefPay, { subtotal_cents: subtotal, fee_cents: fee });
        expect(ledgerBreaks(m, chefPay)).toEqual([]);
      },
    ),
    { numRuns: 3000 },
  );
});

test('worked minutes stay within 0 and the scheduled minutes + MAX_EXTRA_HOURS unless the restaurant set an earlier start', () => {
  fc.assert(
    fc.property(caseArb, (c) => {
      const clockIn = new Date(base + c.inOffset * MIN);
      const minutes = workedMinutes(policy, c.shift, {
        clock_in_at: clockIn,
        clock_out_at: new Date(clockIn.getTime() + c.length * MIN),
        break_minutes: c.breakMinutes,
      });
      const max = hoursDecisionBounds(policy, c.shift).max_worked_minutes;
      return Number.isInteger(minutes) && minutes >= 0 && minutes <= max;
    }),
    { numRuns: 1000 },
  );
});
