import {
  checkoutAnswerText,
  MONEY_LABELS,
  MONEY_OUTCOMES,
  moneyFacts,
  moneyOutcomeOf,
  moneyText,
  type MoneyFacts,
  type MoneyReason,
} from '../src';

// Issue 32: one outcome per job's money, named from its decision, and one text per outcome and side in English
// and Spanish, shared by the screens, the receipts and the texts.

const figures = { shift_pay_cents: 20_000, total_cents: 21_400 };
const decided = (reason: MoneyReason, chef: number, fee: number, refund: number, done = true) =>
  moneyFacts({ reason, done, ...figures, chef_pay_cents: chef, fee_cents: fee, refund_cents: refund });

test('the outcome is named from the decision: its reason, and for an operator its figures', () => {
  expect(moneyOutcomeOf(null, { chef_pay_cents: 20_000, refund_cents: 0 })).toBe('held');
  expect(moneyOutcomeOf(null, { chef_pay_cents: 20_000, refund_cents: 0 }, true)).toBe('under_review');
  expect(moneyOutcomeOf('release', { chef_pay_cents: 20_000, refund_cents: 0 })).toBe('paid_in_full');
  expect(moneyOutcomeOf('work_not_completed', { chef_pay_cents: 0, refund_cents: 21_400 })).toBe('refunded');
  expect(moneyOutcomeOf('job_cancelled', { chef_pay_cents: 0, refund_cents: 21_400 })).toBe('refunded');
  expect(moneyOutcomeOf('job_expired', { chef_pay_cents: 0, refund_cents: 21_400 })).toBe('expired');
  expect(moneyOutcomeOf('late_cancellation', { chef_pay_cents: 8_000, refund_cents: 12_840 })).toBe(
    'late_cancellation_pay',
  );
  // An operator's decision: a split, unless it paid everything or nothing.
  expect(moneyOutcomeOf('dispute_decision', { chef_pay_cents: 10_000, refund_cents: 10_700 })).toBe(
    'split_by_decision',
  );
  expect(moneyOutcomeOf('dispute_decision', { chef_pay_cents: 20_000, refund_cents: 0 })).toBe(
    'paid_in_full',
  );
  expect(moneyOutcomeOf('dispute_decision', { chef_pay_cents: 0, refund_cents: 21_400 })).toBe('refunded');
  // Issue 34: the time clock's reasons. Fewer hours than scheduled pay part and send the rest back; the
  // scheduled hours or more pay the escrow whole; no hours, a no-show, nothing.
  expect(moneyOutcomeOf('timesheet', { chef_pay_cents: 15_000, refund_cents: 5_350 })).toBe('paid_for_hours');
  expect(moneyOutcomeOf('timesheet', { chef_pay_cents: 20_000, refund_cents: 0 })).toBe('paid_in_full');
  expect(moneyOutcomeOf('timesheet', { chef_pay_cents: 0, refund_cents: 21_400 })).toBe('refunded');
  expect(moneyOutcomeOf('sent_home', { chef_pay_cents: 10_000, refund_cents: 10_700 })).toBe('sent_home_pay');
  expect(moneyOutcomeOf('sent_home', { chef_pay_cents: 20_000, refund_cents: 0 })).toBe('paid_in_full');
  expect(moneyOutcomeOf('no_show', { chef_pay_cents: 0, refund_cents: 21_400 })).toBe('refunded');
});

const EVERY: MoneyFacts[] = [
  moneyFacts({ reason: null, ...figures, chef_pay_cents: 20_000, fee_cents: 1_400, refund_cents: 0 }),
  moneyFacts({
    reason: null,
    disputed: true,
    ...figures,
    chef_pay_cents: 20_000,
    fee_cents: 1_400,
    refund_cents: 0,
  }),
  ...[true, false].flatMap((done) => [
    decided('release', 20_000, 1_400, 0, done),
    decided('work_not_completed', 0, 0, 21_400, done),
    decided('late_cancellation', 8_000, 560, 12_840, done),
    decided('dispute_decision', 10_000, 700, 10_700, done),
    decided('job_expired', 0, 0, 21_400, done),
    decided('timesheet', 15_000, 1_050, 5_350, done),
    decided('sent_home', 10_000, 700, 10_700, done),
  ]),
];

test('every outcome has a sentence for each side in both languages, every placeholder filled, the same amounts', () => {
  expect(new Set(EVERY.map((m) => m.outcome))).toEqual(new Set(MONEY_OUTCOMES));
  const amounts = (text: string) => (text.match(/\$\d+\.\d\d/g) ?? []).sort();
  for (const money of EVERY)
    for (const side of ['chef', 'restaurant'] as const) {
      const en = moneyText('en', side, money);
      const es = moneyText('es', side, money);
      expect(en).not.toMatch(/\{\w+\}/);
      expect(es).not.toMatch(/\{\w+\}/);
      expect(en).not.toBe(es);
      expect(amounts(es)).toEqual(amounts(en));
      // each sentence starts with the outcome's own name
      expect(en.startsWith(MONEY_LABELS.en[money.outcome].split(':')[0])).toBe(true);
      expect(es.startsWith(MONEY_LABELS.es[money.outcome].split(':')[0])).toBe(true);
    }
});

test('on its way and done read differently where money moves', () => {
  const moving = decided('dispute_decision', 10_000, 700, 10_700, false);
  const done = decided('dispute_decision', 10_000, 700, 10_700, true);
  expect(moneyText('en', 'chef', moving)).toBe(
    'Split by a decision: you get $100.00 of the $200.00 shift pay; it is on its way to you.',
  );
  expect(moneyText('en', 'chef', done)).toBe(
    'Split by a decision: you were paid $100.00 of the $200.00 shift pay.',
  );
  expect(moneyText('es', 'restaurant', done)).toBe(
    'Dividido por una decisión: el chef recibió $100.00, Brigade se quedó con $7.00 y $107.00 volvieron a tu tarjeta.',
  );
});

test('the answer to a checkout: waiting for the other side (with what this answer means), or the outcome', () => {
  const held = EVERY[0];
  expect(
    checkoutAnswerText('en', 'chef', { money: held, waiting_for: 'restaurant', work_completed: true }),
  ).toBe(
    "Checkout recorded. Waiting for the restaurant's checkout: the $200.00 shift pay stays held until then.",
  );
  expect(
    checkoutAnswerText('es', 'restaurant', { money: held, waiting_for: 'chef', work_completed: false }),
  ).toBe(
    'Salida registrada. Dijiste que el turno no se trabajó. Si el chef está de acuerdo, tus $214.00 vuelven a tu tarjeta; si no, el turno pasa a revisión. El dinero sigue retenido hasta entonces.',
  );
  expect(
    checkoutAnswerText('en', 'restaurant', { money: EVERY[1], waiting_for: null, work_completed: false }),
  ).toBe(
    'Checkout recorded. Under review: the two checkouts disagree, so your $214.00 stays held until a Brigade operator decides.',
  );
});
