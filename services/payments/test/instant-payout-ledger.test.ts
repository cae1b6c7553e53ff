import { payoutLedgerProblems, type PayoutLedgerFacts } from '../src/domain/instant-payout';

// Issue 38: the ledger's rule for one instant payout (`ledger:check`), as a pure function.

const facts = (over: Partial<PayoutLedgerFacts> & Pick<PayoutLedgerFacts, 'status'>): PayoutLedgerFacts => ({
  payout_id: 'p1',
  amount_cents: 10_000,
  fee_cents: 150,
  net_cents: 9_850,
  entries: { payout: [], payout_fee: [], payout_fee_returned: [] },
  ...over,
});
const problems = (f: PayoutLedgerFacts) => payoutLedgerProblems(f).problems;

test('paid: the fee and the net, once each', () => {
  expect(
    problems(
      facts({ status: 'paid', entries: { payout: [9_850], payout_fee: [150], payout_fee_returned: [] } }),
    ),
  ).toEqual([]);
  expect(
    problems(
      facts({
        status: 'paid',
        fee_cents: 0,
        net_cents: 10_000,
        entries: { payout: [10_000], payout_fee: [], payout_fee_returned: [] },
      }),
    ),
  ).toEqual([]);
  expect(
    problems(
      facts({
        status: 'paid',
        entries: { payout: [9_850, 9_850], payout_fee: [150], payout_fee_returned: [] },
      }),
    ),
  ).toEqual(['payout booked 2 times']);
  expect(
    problems(
      facts({ status: 'paid', entries: { payout: [10_000], payout_fee: [150], payout_fee_returned: [] } }),
    ),
  ).toEqual(['paid out 10000 != net 9850']);
  expect(
    problems(
      facts({ status: 'paid', entries: { payout: [9_850], payout_fee: [], payout_fee_returned: [] } }),
    ),
  ).toEqual(['paid payout without its fee 150']);
});

test('failed: nothing paid out, the collected fee returned whole', () => {
  expect(
    problems(
      facts({ status: 'failed', entries: { payout: [], payout_fee: [150], payout_fee_returned: [150] } }),
    ),
  ).toEqual([]);
  expect(
    problems(
      facts({ status: 'failed', entries: { payout: [], payout_fee: [150], payout_fee_returned: [] } }),
    ),
  ).toEqual(["failed payout's fee 150 not returned"]);
  expect(
    problems(
      facts({
        status: 'failed',
        entries: { payout: [9_850], payout_fee: [150], payout_fee_returned: [150] },
      }),
    ),
  ).toEqual(['failed payout booked as paid out 9850']);
});

test('pending, free, and entries of no payout', () => {
  expect(
    problems(
      facts({ status: 'pending', entries: { payout: [], payout_fee: [150], payout_fee_returned: [] } }),
    ),
  ).toEqual([]);
  expect(
    problems(
      facts({
        status: 'pending',
        fee_cents: 0,
        net_cents: 10_000,
        entries: { payout: [], payout_fee: [50], payout_fee_returned: [] },
      }),
    ),
  ).toEqual(['a free payout collected a fee of 50', "fee collected 50 != the payout's fee 0"]);
  expect(
    problems(
      facts({
        status: null,
        amount_cents: 0,
        fee_cents: 0,
        net_cents: 0,
        entries: { payout: [5], payout_fee: [], payout_fee_returned: [] },
      }),
    ),
  ).toContain('ledger entries of a payout payments has no record of');
});
