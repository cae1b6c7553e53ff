import { sql } from '@brigade/kit';
import { HOUR, restaurantWithProfile, shiftForm, useHarness, user, type User } from './harness';

// Issue 35: a 20-second shift was accepted, priced $0, and paying it answered 500. A shift shorter than
// MIN_SHIFT_DURATION (the default, 2h, here) and a posting whose charge is under the card minimum (50 cents)
// are refused at posting, with a code and a text naming the figure, and nothing is stored.

const h = useHarness({ env: { MIN_SHIFT_DURATION: '2h' } });
const MINUTE = 60_000;

/** A shift of `ms` starting tomorrow (shiftForm's start), at `rate` dollars an hour. */
function lasting(ms: number, over: Record<string, unknown> = {}) {
  const form = shiftForm(over);
  return { ...form, endTime: new Date(Date.parse(form.startTime) + ms).toISOString() };
}

/** The restaurant's jobs and the posting events written for them. */
async function stored(r: User) {
  const [jobs] = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.jobs where restaurant_id = ${r.id}`,
  );
  const [events] = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.outbox
        where type = 'jobs.job.posted.v1' and payload->>'restaurant_id' = ${r.id}`,
  );
  return { jobs: Number(jobs.n), events: Number(events.n) };
}

test('a shift shorter than the minimum is refused with the minimum named; one exactly as long is posted', async () => {
  const r = await restaurantWithProfile(h);
  for (const ms of [2 * HOUR - MINUTE, 20_000]) {
    const res = await r.api.post('/jobs', lasting(ms));
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'JOBS.SHIFT_TOO_SHORT',
        error: 'A shift must be at least 2 hours long.',
        min_shift_ms: 2 * HOUR,
      },
    });
  }
  expect(await stored(r)).toEqual({ jobs: 0, events: 0 });

  const exact = await r.api.post('/jobs', lasting(2 * HOUR));
  expect(exact.status).toBe(201);
  expect(exact.body.job).toMatchObject({ hours: 2, subtotal_cents: 4000, total_cents: 4280 });
  expect(await stored(r)).toEqual({ jobs: 1, events: 1 });
});

test('a Spanish-speaking restaurant reads the refusal in Spanish', async () => {
  const r = await user(h, 'restaurant', 'es');
  const res = await r.api.post('/jobs', lasting(90 * MINUTE));
  expect(res).toMatchObject({
    status: 400,
    body: { code: 'JOBS.SHIFT_TOO_SHORT', error: 'Un turno debe durar al menos 2 horas.' },
  });
});

test('a posting whose charge would be under the 50-cent card minimum is refused, and nothing is stored', async () => {
  const r = await restaurantWithProfile(h);
  // 2 hours with the whole 120 minutes as break: $0 of pay, $0 charged
  const allBreak = await r.api.post('/jobs', lasting(2 * HOUR, { breakMinutes: 120 }));
  expect(allBreak).toMatchObject({
    status: 400,
    body: {
      code: 'JOBS.CHARGE_UNDER_MINIMUM',
      error:
        'This shift would be charged $0.00, less than the $0.50 a card can be charged: make it longer or raise the hourly rate.',
      total_cents: 0,
      card_minimum_cents: 50,
    },
  });
  // 2 hours less a 119-minute break at $20/h: 33 cents of pay + 2 cents of fee = 35 cents
  const oneMinute = await r.api.post('/jobs', lasting(2 * HOUR, { breakMinutes: 119 }));
  expect(oneMinute).toMatchObject({
    status: 400,
    body: { code: 'JOBS.CHARGE_UNDER_MINIMUM', total_cents: 35 },
  });
  expect(await stored(r)).toEqual({ jobs: 0, events: 0 });
  // 2 minutes of pay: 67 + 5 = 72 cents, a charge a card can take
  const twoMinutes = await r.api.post('/jobs', lasting(2 * HOUR, { breakMinutes: 118 }));
  expect(twoMinutes.status).toBe(201);
  expect(twoMinutes.body.job.total_cents).toBe(72);
});
