import { randomUUID } from 'node:crypto';
import { movementKey, seatKey, seatMetadata, seatOfMetadata } from '../src/domain/idempotency-keys';

// Issue 35 (ADR 0030): a seat's provider calls and ledger entries carry keys that name it, while seat 1 (every job
// before seats) and the posting's own seat 0 keep the keys they always had, so a movement retried across the deploy
// asks the provider for the same object.

const job = randomUUID();

test('seat 1 and the posting keep the keys every job had before seats', () => {
  expect(seatKey(job, 1, 'transfer')).toBe(`job:${job}:transfer`);
  expect(seatKey(job, 1, 'refund')).toBe(`job:${job}:refund`);
  expect(seatKey(job, 0, 'payment_intent')).toBe(`job:${job}:payment_intent`);
  expect(movementKey(job, 1, 'transfer', 'extra')).toBe(`job:${job}:transfer:extra`);
  expect(movementKey(job, 1, 'fee', 'escrow')).toBe(`job:${job}:fee`);
});

test('seats 2 and up name their seat, so no two seats share a key', () => {
  expect(seatKey(job, 2, 'transfer')).toBe(`job:${job}:seat:2:transfer`);
  expect(seatKey(job, 20, 'refund')).toBe(`job:${job}:seat:20:refund`);
  expect(movementKey(job, 3, 'transfer', 'extra')).toBe(`job:${job}:seat:3:transfer:extra`);
  const keys = Array.from({ length: 21 }, (_, n) => seatKey(job, n, 'transfer'));
  // seat 0 and seat 1 are the same key by design (the posting's charge and the job's first seat never share a kind)
  expect(new Set(keys.slice(1)).size).toBe(20);
});

test('a seat outside 0..20 has no key', () => {
  expect(() => seatKey(job, 21, 'transfer')).toThrow(/0 to 20/);
  expect(() => seatKey(job, -1, 'transfer')).toThrow(/0 to 20/);
  expect(() => seatKey(job, 1.5, 'transfer')).toThrow(/0 to 20/);
});

test("seat 1's provider requests carry no seat, and an object naming none is seat 1's", () => {
  expect(seatMetadata(1)).toEqual({});
  expect(seatMetadata(4)).toEqual({ seat_no: '4' });
  expect(seatOfMetadata({ seat_no: '4' })).toBe(4);
  expect(seatOfMetadata({ job_id: job })).toBe(1);
  expect(seatOfMetadata(null)).toBe(1);
  expect(seatOfMetadata({ seat_no: 'nonsense' })).toBe(1);
});
