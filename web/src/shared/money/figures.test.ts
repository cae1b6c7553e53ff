import { postingPay, seatPay, shiftPay } from './figures';
import { checkPostForm } from '../../features/jobs/validation';

describe('the pay a restaurant sees while posting', () => {
  test('5 hours at $20: $100 shift pay, $7 booking fee, $107 total', () => {
    expect(shiftPay('2026-06-15T18:00', '2026-06-15T23:00', '20')).toEqual({
      hours: 5,
      subtotalCents: 10_000,
      feeCents: 700,
      totalCents: 10_700,
    });
  });
  test('5.5 hours at $18.50 rounds each amount to cents (fee 7.1225 -> 7.12)', () => {
    expect(shiftPay('2026-06-15T09:00', '2026-06-15T14:30', '18.5')).toEqual({
      hours: 5.5,
      subtotalCents: 10_175,
      feeCents: 712,
      totalCents: 10_887,
    });
  });
  test('an overnight shift counts the hours across midnight', () => {
    expect(shiftPay('2026-06-15T22:00', '2026-06-16T06:00', 15)?.subtotalCents).toBe(12_000);
  });
  test('an unpaid break is left out: 5 hours less 30 minutes at $20 is $90 shift pay, $6.30 fee', () => {
    expect(shiftPay('2026-06-15T18:00', '2026-06-15T23:00', '20', 30)).toEqual({
      hours: 4.5,
      subtotalCents: 9_000,
      feeCents: 630,
      totalCents: 9_630,
    });
  });
  test('nothing to show until start, end and rate make a shift', () => {
    expect(shiftPay('', '2026-06-15T23:00', '20')).toBeNull();
    expect(shiftPay('2026-06-15T18:00', '2026-06-15T17:00', '20')).toBeNull();
    expect(shiftPay('2026-06-15T18:00', '2026-06-15T23:00', '')).toBeNull();
  });
});

describe('a posting of several chefs (issue 35)', () => {
  test('every seat is charged: 3 chefs × (5 hours at $20 + 7%) is $300 pay, $21 fee, $321 in all', () => {
    const seat = shiftPay('2026-06-15T18:00', '2026-06-15T23:00', '20');
    expect(postingPay(seat, 3)).toEqual({
      hours: 5,
      subtotalCents: 30_000,
      feeCents: 2_100,
      totalCents: 32_100,
    });
    expect(postingPay(seat, 1)).toEqual(seat);
    expect(postingPay(seat, null)).toBeNull();
    expect(postingPay(null, 3)).toBeNull();
  });
  test("a chef reads one seat's pay of a posting whose amounts are all its seats'", () => {
    const job = {
      start_time: '2026-06-15T18:00:00Z',
      end_time: '2026-06-15T23:00:00Z',
      hourly_rate: 20,
      hours: 5,
      subtotal_cents: 30_000,
      fee_cents: 2_100,
      total_cents: 32_100,
    };
    expect(seatPay({ ...job, headcount: 3 })).toEqual({
      hours: 5,
      subtotalCents: 10_000,
      feeCents: 700,
      totalCents: 10_700,
    });
    expect(seatPay(job).subtotalCents).toBe(30_000);
  });
});

describe('the post form rules', () => {
  const now = new Date(2026, 5, 15, 12, 0).getTime();
  const base = {
    title: 'Line Cook',
    start: '2026-06-15T18:00',
    end: '2026-06-15T23:00',
    hourlyRate: '20',
    emergencyLevel: 'normal' as const,
    notifyFavorites: [],
    breakMinutes: '0',
    headcount: '1',
  };
  test.each([
    [{}, null],
    [{ title: '' }, 'post.errors.position'],
    [{ end: '' }, 'post.errors.times'],
    [{ start: '2026-06-15T10:00' }, 'post.errors.startPast'],
    [{ end: '2026-06-15T17:00' }, 'post.errors.endBeforeStart'],
    [{ start: '2026-06-23T18:00', end: '2026-06-23T20:00' }, 'post.errors.window'],
    [{ hourlyRate: '14.99' }, 'post.errors.rate'],
    [{ hourlyRate: '75.01' }, 'post.errors.rate'],
    [{ hourlyRate: '75' }, null],
    [{ breakMinutes: '' }, null],
    [{ breakMinutes: '120' }, null],
    [{ breakMinutes: '121' }, 'post.errors.break'],
    [{ breakMinutes: '-5' }, 'post.errors.break'],
    [{ breakMinutes: '7.5' }, 'post.errors.break'],
    [{ end: '2026-06-15T19:00', breakMinutes: '60' }, 'post.errors.breakTooLong'],
    // issue 35: how many chefs, 1 to 20
    [{ headcount: '20' }, null],
    [{ headcount: '0' }, 'post.errors.headcount'],
    [{ headcount: '21' }, 'post.errors.headcount'],
    [{ headcount: '2.5' }, 'post.errors.headcount'],
    [{ headcount: '' }, 'post.errors.headcount'],
  ])('%j -> %s', (change, expected) => {
    expect(checkPostForm({ ...base, ...change }, now)).toBe(expected);
  });
});
