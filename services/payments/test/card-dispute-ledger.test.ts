import { cardDisputeProblems, type CardDisputeFacts } from '../src/domain/card-dispute-ledger';

// Issue 38 (ADR 0035): a card dispute's rule in ledger:check, on its own.

type Over = Partial<Omit<CardDisputeFacts, 'ledger'>> & { ledger?: Partial<CardDisputeFacts['ledger']> };
const facts = (over: Over = {}): CardDisputeFacts => ({
  id: 'dp_1',
  job_id: 'job',
  amount_cents: 10_700,
  status: 'needs_response',
  outcome: null,
  settled: false,
  job: null,
  ...over,
  ledger: { withdrawn: 10_700, won: 0, lost: 0, settled: 0, entries_max: 1, ...over.ledger },
});

test('open: withdrawn once, exactly the amount', () => {
  expect(cardDisputeProblems(facts())).toMatchObject({ ok: true, owed_cents: 0 });
  expect(cardDisputeProblems(facts({ ledger: { withdrawn: 10_000 } })).problems).toEqual([
    "withdrawn 10000 != the dispute's amount 10700",
  ]);
  expect(cardDisputeProblems(facts({ ledger: { entries_max: 2 } })).ok).toBe(false);
  expect(cardDisputeProblems(facts({ ledger: { lost: 10_700 } })).ok).toBe(false);
});

test('won: the amount back, nothing lost or settled', () => {
  expect(cardDisputeProblems(facts({ outcome: 'won', ledger: { won: 10_700 } })).ok).toBe(true);
  expect(cardDisputeProblems(facts({ outcome: 'won', ledger: { won: 5 } })).ok).toBe(false);
  expect(cardDisputeProblems(facts({ outcome: 'won', ledger: { won: 10_700, lost: 10_700 } })).ok).toBe(
    false,
  );
});

test('lost and not settled: owed, not a problem; settled: the settlement = lost and the identity holds', () => {
  const unsettled = cardDisputeProblems(facts({ outcome: 'lost', ledger: { lost: 10_700 } }));
  expect(unsettled).toMatchObject({ ok: true, owed_cents: 10_700 });
  const job = { charged: 10_700, transferred: 10_000, fee: 700, refunded: 0 };
  expect(
    cardDisputeProblems(
      facts({ outcome: 'lost', settled: true, job, ledger: { lost: 10_700, settled: 10_700 } }),
    ),
  ).toMatchObject({ ok: true, owed_cents: 0 });
  expect(
    cardDisputeProblems(facts({ outcome: 'lost', settled: true, ledger: { lost: 10_700, settled: 10_000 } }))
      .problems,
  ).toEqual(['settlement charged 10000 != lost 10700']);
  // The escrow moved more than it was charged: the identity with disputes does not hold.
  expect(
    cardDisputeProblems(
      facts({
        outcome: 'lost',
        settled: true,
        job: { ...job, refunded: 500 },
        ledger: { lost: 10_700, settled: 10_700 },
      }),
    ).ok,
  ).toBe(false);
  expect(cardDisputeProblems(facts({ outcome: 'lost', ledger: { lost: 10_700, settled: 10_700 } })).ok).toBe(
    false,
  );
  expect(cardDisputeProblems(facts({ outcome: 'won', settled: true, ledger: { won: 10_700 } })).ok).toBe(
    false,
  );
});

test('an inquiry (warning_*) withdraws nothing', () => {
  const inquiry = { status: 'warning_needs_response', ledger: { withdrawn: 0 } };
  expect(cardDisputeProblems(facts(inquiry)).ok).toBe(true);
  expect(cardDisputeProblems(facts({ ...inquiry, ledger: { withdrawn: 10_700 } })).ok).toBe(false);
  expect(cardDisputeProblems(facts({ status: 'warning_closed', ledger: { withdrawn: 0 } })).ok).toBe(true);
});
