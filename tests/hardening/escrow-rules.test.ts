import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen, ledgerCheck } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  checkout,
  expectStatus,
  paymentStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  untilEnded,
  untilStarted,
  type Account,
  type PostedJob,
  type Stack,
  textsSentTo,
  until,
} from './support/stack';

// Issue 16: every paid shift leaves escrow by a rule, through the whole product (gateway, five services, bus),
// with the durations shortened by the environment: a cancellation more than LATE_CANCEL_WINDOW (here 1 hour)
// before the start refunds everything, a later one pays the chef 4 hours and keeps 7% of that; a shift nobody
// confirmed expires at its start and is refunded; a confirmed chef who cancels reopens the shift; at the
// checkout deadline (here 60 s after the end, the product's clock moved there) the answer given stands and silence
// pays the chef. After each:
// ledger:check is green and no money is held past its rule's deadline.

const HOUR = 3_600_000;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    LATE_CANCEL_WINDOW: '1h',
    // The clock is moved to the reminders and then to the deadline: windows this wide cost no waiting, and a
    // reminder is never dropped as late because a busy machine's texts loop came round after its deadline.
    CHECKOUT_DEADLINE: '60s',
    CHECKOUT_REMINDERS: '50s,30s',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

interface Booking {
  restaurant: Account;
  chef: Account;
  job: PostedJob;
  applicationId: string;
}

/** A restaurant posts and pays a shift and a chef is accepted and confirms it. */
async function bookedShift(startInMs: number, hours = 8, rate = 25, restaurant?: Account): Promise<Booking> {
  const [owner, chef] = await Promise.all([restaurant ?? signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, owner, startInMs, hours, rate);
  await payJob(stack, owner, job);
  const applicationId = await apply(stack, chef, job);
  await acceptAndConfirm(stack, owner, chef, applicationId);
  return { restaurant: owner, chef, job, applicationId };
}

const get = async (who: Account, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;

/** Every text the SMS sandbox holds for a phone, newest first. */
const textsTo = (account: Account) => textsSentTo(stack, account);
const eventuallyTexted = (account: Account, pattern: RegExp, timeoutMs = 20_000) =>
  eventually(
    async () => expect(await textsTo(account)).toContainEqual(expect.stringMatching(pattern)),
    timeoutMs,
  );

async function reliabilityOf(account: Account) {
  const path =
    account.type === 'chef'
      ? `/profiles/chef/${account.profileId}`
      : `/profiles/restaurant/${account.profileId}`;
  return (await get(account, path)).profile.reliability;
}

test('more than LATE_CANCEL_WINDOW before the start: the quote and the cancellation give the whole total back, and the chef is told', async () => {
  const { restaurant, chef, job } = await bookedShift(2 * HOUR);
  const quote = await get(restaurant, `/jobs/${job.id}/cancellation`);
  expect(quote).toEqual({
    rule: 'early',
    late: false,
    chef_pay_cents: 0,
    fee_cents: 0,
    refund_cents: job.totalCents,
    reason_text: `More than 1 hour before the start: the whole $${(job.totalCents / 100).toFixed(2)} goes back to your card, and the chef is told.`,
  });
  // Nobody else gets a quote.
  expect((await stack.call('GET', `/api/jobs/${job.id}/cancellation`, { token: chef.token })).status).toBe(
    403,
  );
  const stranger = await signUp(stack, 'restaurant');
  expect(
    (await stack.call('GET', `/api/jobs/${job.id}/cancellation`, { token: stranger.token })).status,
  ).toBe(404);

  const cancelled = expectStatus(
    await stack.call('POST', `/api/jobs/${job.id}/cancel`, {
      token: restaurant.token,
      body: { reason: 'Kitchen flooded' },
    }),
    200,
  ).body;
  expect(cancelled).toMatchObject({ rule: 'early', refund_cents: job.totalCents });
  expect(cancelled.job).toMatchObject({
    status: 'cancelled',
    cancellation: { late: false, chef_pay_cents: 0, refund_cents: job.totalCents, reason: 'Kitchen flooded' },
  });
  const money = await paymentStatus(stack, restaurant, job.id, 'refunded');
  expect(money.ledger).toMatchObject({ charged_cents: job.totalCents, refunded_cents: job.totalCents });
  await eventuallyTexted(chef, /cancel/i);
  expect((await reliabilityOf(restaurant)).late_cancellations).toBe(0);
});

test('within LATE_CANCEL_WINDOW: the chef is paid 4 hours, Brigade keeps 7% of it, the rest comes back; it counts on the restaurant', async () => {
  const { restaurant, chef, job } = await bookedShift(30 * 60_000);
  // 8 h at $25: charged $214.00; the chef gets 4 h = $100.00, the fee on it $7.00, $107.00 comes back.
  const quote = await get(restaurant, `/jobs/${job.id}/cancellation`);
  expect(quote).toMatchObject({
    rule: 'late',
    late: true,
    chef_pay_cents: 10_000,
    fee_cents: 700,
    refund_cents: 10_700,
  });
  expect(quote.reason_text).toContain('the chef is paid $100.00 (4 hours of pay), Brigade keeps $7.00');
  expectStatus(await stack.call('POST', `/api/jobs/${job.id}/cancel`, { token: restaurant.token }), 200);

  const money = await paymentStatus(stack, restaurant, job.id, 'settled');
  expect(money.ledger).toMatchObject({
    charged_cents: 21_400,
    transferred_cents: 10_000,
    fee_cents: 700,
    refunded_cents: 10_700,
  });
  await eventually(async () => {
    const j = (await get(restaurant, `/jobs/${job.id}`)).job;
    expect([j.status, j.payment_status, j.cancellation.late]).toEqual(['cancelled', 'settled', true]);
  });
  await eventuallyTexted(chef, /\$100\.00/);
  await eventually(async () =>
    expect(await reliabilityOf(restaurant)).toMatchObject({
      late_cancellations: 1,
      last_90_days: { late_cancellations: 1 },
    }),
  );

  // PUT /jobs/{id} with status cancelled follows the same rules: no chef booked, everything back.
  const open = await postJob(stack, restaurant, 3 * HOUR);
  await payJob(stack, restaurant, open);
  expectStatus(
    await stack.call('PUT', `/api/jobs/${open.id}`, {
      token: restaurant.token,
      body: { status: 'cancelled' },
    }),
    200,
  );
  expect((await paymentStatus(stack, restaurant, open.id, 'refunded')).ledger.refunded_cents).toBe(
    open.totalCents,
  );
});

test('a paid shift nobody confirmed expires within moments of its start: applications lapse, the restaurant is refunded and told', async () => {
  const [restaurant, waiting, accepted] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  const job = await postJob(stack, restaurant, 12_000, 1);
  await payJob(stack, restaurant, job);
  const unpaid = await postJob(stack, restaurant, 12_000, 1);
  const pending = await apply(stack, waiting, job);
  const acceptedApp = await apply(stack, accepted, job);
  expectStatus(
    await stack.call('PATCH', `/api/applications/${acceptedApp}`, {
      token: restaurant.token,
      body: { status: 'accepted' },
    }),
    200,
  );

  await untilStarted(job);
  await eventually(async () => {
    const j = (await get(restaurant, `/jobs/${job.id}`)).job;
    expect(j.status).toBe('expired');
    expect(j.applications.map((a: { status: string }) => a.status)).toEqual(['lapsed', 'lapsed']);
  }, 15_000);
  expect((await get(waiting, `/applications/${pending}`)).application.status).toBe('lapsed');
  const money = await paymentStatus(stack, restaurant, job.id, 'refunded');
  expect(money.ledger).toMatchObject({ charged_cents: job.totalCents, refunded_cents: job.totalCents });
  // The unpaid shift was posted a moment later: it expires at its own start, with no money to move.
  await untilStarted(unpaid);
  await eventually(
    async () => expect((await get(restaurant, `/jobs/${unpaid.id}`)).job.status).toBe('expired'),
    15_000,
    200,
  );
  await eventuallyTexted(restaurant, /expired/i);
  await eventuallyTexted(waiting, /lapsed|expired|no longer/i);
});

test('a confirmed chef cancelling late reopens the shift as urgent for the chefs of the city, and it counts on the chef', async () => {
  const other = await signUp(stack, 'chef'); // a Detroit chef who did not apply
  const { restaurant, chef, job, applicationId } = await bookedShift(30 * 60_000);
  const before = (await textsTo(other)).length;
  expectStatus(await stack.call('DELETE', `/api/applications/${applicationId}`, { token: chef.token }), 200);
  await eventually(async () => expect((await get(restaurant, `/jobs/${job.id}`)).job.status).toBe('open'));
  await eventually(async () => expect((await textsTo(other)).length).toBeGreaterThan(before), 20_000);
  await eventually(async () =>
    expect(await reliabilityOf(chef)).toMatchObject({
      late_cancellations: 1,
      last_90_days: { late_cancellations: 1 },
    }),
  );
  // Another chef takes it; the money is still held, for that chef.
  const next = await signUp(stack, 'chef');
  await acceptAndConfirm(stack, restaurant, next, await apply(stack, next, job));
  expect((await get(restaurant, `/jobs/${job.id}`)).job.status).toBe('filled');
  expect((await paymentStatus(stack, restaurant, job.id, 'held_in_escrow')).ledger.refunded_cents).toBe(0);
});

test('at the checkout deadline the answer given stands, silence pays the chef, disagreement waits for a decision, and both "did not work" refunds with no record', async () => {
  // Four 31-second shifts at $75/h (paid as one minute: $1.25) booked at once, starting together.
  const restaurant = await signUp(stack, 'restaurant');
  const [refusedByRestaurant, silent, disagreed, neither] = await Promise.all(
    [0, 1, 2, 3].map(() => bookedShift(15_000, 31 / 3600, 75, restaurant)),
  );
  // Each was posted when its chef's sign-up was done, seconds apart on a busy machine: wait for the last end
  // (checkout opens at the end).
  const shifts = [refusedByRestaurant, silent, disagreed, neither];
  for (const booked of shifts) await untilEnded(booked.job);
  const lastEnd = Math.max(...shifts.map((b) => b.job.end.getTime()));
  await checkout(stack, restaurant, refusedByRestaurant.applicationId, false);
  await checkout(stack, restaurant, disagreed.applicationId, true);
  await checkout(stack, disagreed.chef, disagreed.applicationId, false);
  await checkout(stack, restaurant, neither.applicationId, false);
  await checkout(stack, neither.chef, neither.applicationId, false); // both said not worked: refunded at once

  // Whoever has not answered is reminded before the deadline (end + 60 s; reminders 50 s and 30 s before it):
  // the first reminders of every shift are due here, every deadline still ahead.
  await until(stack, lastEnd + 10_000);
  await eventuallyTexted(silent.chef, /did you work/);
  await eventuallyTexted(refusedByRestaurant.chef, /did you work/);
  expect(await textsTo(disagreed.chef)).not.toContainEqual(expect.stringMatching(/did you work/));
  // ...and told the outcome after it.
  await until(stack, lastEnd + 60_000);
  const results = await eventually(
    async () => {
      const all = await Promise.all(
        shifts.map(async (b) => (await get(restaurant, `/jobs/${b.job.id}`)).job),
      );
      expect(all.map((j) => [j.status, j.payment_status])).toEqual([
        ['completed', 'refunded'],
        ['completed', 'completed'],
        ['disputed', 'disputed'],
        ['completed', 'refunded'],
      ]);
      return all;
      // Four GETs a round: polled gently, or the restaurant's own rate limit (1200 a minute) would answer 429.
    },
    120_000,
    500,
  );
  expect(results).toHaveLength(4);
  await eventuallyTexted(
    refusedByRestaurant.chef,
    /deadline for .+ has passed\. Refunded: the whole \$1\.34 is going back to the restaurant/,
  );
  expect((await paymentStatus(stack, restaurant, silent.job.id, 'completed')).ledger).toMatchObject({
    transferred_cents: 125,
    fee_cents: 9,
  });

  // Records: the chef who let the restaurant's "did not work" stand is a no-show; the silent shift is a
  // completed shift for both sides; disagreement and a mutual "did not work" count for nobody (yet).
  await eventually(async () => {
    expect(await reliabilityOf(refusedByRestaurant.chef)).toMatchObject({ no_shows: 1, completed_shifts: 0 });
    expect(await reliabilityOf(silent.chef)).toMatchObject({ completed_shifts: 1, no_shows: 0 });
    expect(await reliabilityOf(neither.chef)).toMatchObject({
      completed_shifts: 0,
      no_shows: 0,
      late_cancellations: 0,
    });
    expect(await reliabilityOf(disagreed.chef)).toMatchObject({ completed_shifts: 0, no_shows: 0 });
    expect((await reliabilityOf(restaurant)).completed_shifts).toBe(1);
  }, 20_000);
  // The applicant card shows the same record to the restaurant.
  const card = (await get(restaurant, `/jobs/${refusedByRestaurant.job.id}`)).job.applications[0]
    .chef_profiles;
  expect(card.reliability).toMatchObject({ no_shows: 1, last_90_days: { no_shows: 1 } });
  // The disputed money is held, awaiting a decision, and not reported as stuck.
  const { lines } = await ledgerCheck(stack);
  expect(lines.some((l) => l.includes(disagreed.job.id))).toBe(true);
}, 180_000);
