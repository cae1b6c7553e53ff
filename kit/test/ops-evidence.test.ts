import { EVIDENCE_ENTRY_MAX, evidenceEntries, evidenceMoney, evidenceTime } from '../src/ops-evidence';

// Issue 38: the shapes every service's part of a card dispute's evidence shares.
const base = {
  section: 'customer_communication' as const,
  service: 'messaging',
  title: 'Messages',
  at: '2026-12-01T00:00:00.000Z',
};

test('a short text is one entry, its lines kept in order', () => {
  expect(evidenceEntries(base, ['one', 'two'])).toEqual([{ ...base, text: 'one\ntwo' }]);
  expect(evidenceEntries(base, [])).toEqual([]);
});

test('a long text becomes several entries of at most 8,000 characters, lines whole, each saying its part', () => {
  const line = 'x'.repeat(3000);
  const entries = evidenceEntries(base, [line, line, line, 'y'.repeat(EVIDENCE_ENTRY_MAX + 10)]);
  expect(entries.map((e) => e.text.length)).toEqual([6001, 3000, 8000, 10]);
  expect(entries.map((e) => e.title)).toEqual([
    'Messages (part 1 of 4)',
    'Messages (part 2 of 4)',
    'Messages (part 3 of 4)',
    'Messages (part 4 of 4)',
  ]);
  expect(entries.map((e) => e.text).join('')).toBe(
    `${line}\n${line}${line}${'y'.repeat(EVIDENCE_ENTRY_MAX + 10)}`,
  );
});

test('times in the restaurant’s zone, money in dollars', () => {
  expect(evidenceTime('2026-12-01T23:00:00.000Z', 'America/Chicago')).toBe(
    'Tuesday, December 1, 2026 at 5:00 PM CST',
  );
  expect(evidenceMoney(8560)).toBe('$85.60');
});
