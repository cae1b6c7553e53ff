import { disputeDecision, type JobMoney } from '../src/domain/decision';

// The figures of an operator's decision against payments' own records (pure: no service needed).

const job: JobMoney = {
  subtotal_cents: 15_000,
  fee_cents: 1_050,
  total_cents: 16_050,
  charged_cents: 16_050,
};
const chef = '00000000-0000-4000-8000-000000000001';
const figures = (chefPay: number, fee: number, refund: number) => ({
  chef_id: chef,
  chef_pay_cents: chefPay,
  fee_cents: fee,
  refund_cents: refund,
  subtotal_cents: 15_000,
  total_cents: 16_050,
});

test.each([
  [
    'the whole shift pay: a release keeping the booking fee',
    figures(15_000, 1_050, 0),
    { kind: 'release', chefPay: 15_000, fee: 1_050, refund: 0 },
  ],
  [
    'nothing: a full refund of the charge',
    figures(0, 0, 16_050),
    { kind: 'refund', chefPay: 0, fee: 0, refund: 16_050 },
  ],
  [
    'a part: a split, 7% of it kept',
    figures(7_777, 544, 7_729),
    { kind: 'split', chefPay: 7_777, fee: 544, refund: 7_729 },
  ],
  [
    'one cent: a split whose fee rounds to 0',
    figures(1, 0, 16_049),
    { kind: 'split', chefPay: 1, fee: 0, refund: 16_049 },
  ],
])('%s', (_name, f, expected) => {
  const verdict = disputeDecision(job, f);
  expect(verdict).toEqual({
    ok: true,
    decision: expect.objectContaining({ ...expected, reason: 'dispute_decision' }),
  });
});

test.each([
  ['more than the shift pay', figures(15_001, 1_050, 0), /chef pay 15001 > shift pay/],
  ['a fee that is not 7%', figures(7_777, 600, 7_673), /fee 600 != 7% of chef pay \(544\)/],
  ['parts that do not add up', figures(7_777, 544, 8_000), /!= charged 16050/],
  ['negative figures', figures(-100, 0, 16_150), /whole, non-negative/],
  [
    'another job’s amounts',
    { ...figures(0, 0, 16_050), subtotal_cents: 20_000 },
    /shift pay 20000 != the job's 15000/,
  ],
])('refused: %s', (_name, f, problem) => {
  const verdict = disputeDecision(job, f);
  expect(verdict.ok).toBe(false);
  if (!verdict.ok) expect(verdict.problems.join('; ')).toMatch(problem);
});

test('nothing charged (the ledger disagrees with the job): refused', () => {
  const verdict = disputeDecision({ ...job, charged_cents: 0 }, figures(0, 0, 16_050));
  expect(verdict.ok).toBe(false);
});
