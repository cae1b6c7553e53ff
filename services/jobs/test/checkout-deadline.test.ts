import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  published,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  written,
} from './harness';

// The checkout deadline, shortened to 2 hours after the end by CHECKOUT_DEADLINE. Shifts of 4 hours start
// 23-24 hours from now (they end 27-28 hours from now, their deadline falls 29-30 hours from now): the clock
// moves 28.5 hours to check out (checkout opens at the end), then 6 more to pass the deadline.
const h = useHarness({ env: { CHECKOUT_DEADLINE: '2h' } });

type Answer = boolean | undefined;

/** A filled shift whose end has passed: both sides may check out. */
async function workedShift() {
  const r = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(28.5 * HOUR);
  return { r, chef, job, appId };
}
const pastDeadline = () => h.clock.advance(6 * HOUR);

async function answer(who: { api: any }, appId: string, workCompleted: Answer) {
  if (workCompleted === undefined) return;
  // worked: rated; did not work: no rating (issue 32)
  const res = await who.api.post(
    `/applications/${appId}/checkout`,
    workCompleted ? { rating: 4, workCompleted } : { workCompleted },
  );
  expect(res.status).toBe(200);
}

/** Reliability facts published about a job, as "<user>:<kind>" with user 'chef' or 'restaurant'. */
function facts(s: { r: { id: string }; chef: { id: string }; job: { id: string } }) {
  return published(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === s.job.id)
    .map((d) => `${d.user_id === s.chef.id ? 'chef' : d.user_id === s.r.id ? 'restaurant' : '?'}:${d.kind}`)
    .sort();
}

describe('at the checkout deadline the answer given stands', () => {
  test.each([
    [
      'only the restaurant, worked',
      true,
      undefined,
      'release',
      ['chef:completed_shifts', 'restaurant:completed_shifts'],
    ],
    ['only the restaurant, did not work (a no-show)', false, undefined, 'refund', ['chef:no_shows']],
    [
      'only the chef, worked',
      undefined,
      true,
      'release',
      ['chef:completed_shifts', 'restaurant:completed_shifts'],
    ],
    ['only the chef, did not work', undefined, false, 'refund', []],
    [
      'nobody (paid out: the chef confirmed, nobody objected)',
      undefined,
      undefined,
      'release',
      ['chef:completed_shifts', 'restaurant:completed_shifts'],
    ],
  ] as Array<[string, Answer, Answer, string, string[]]>)(
    'answered by %s -> %s',
    async (_label, restaurantAnswer, chefAnswer, outcome, records) => {
      const s = await workedShift();
      await answer(s.r, s.appId, restaurantAnswer);
      await answer(s.chef, s.appId, chefAnswer);
      expect((await s.r.api.get(`/jobs/${s.job.id}`)).body.job.status).toBe('filled');
      pastDeadline();
      const ev = await waitForEvent(h, 'jobs.checkout.deadline_passed.v1', (d) => d.job_id === s.job.id);
      expect(ev).toMatchObject({
        outcome,
        restaurant_work_completed: restaurantAnswer ?? null,
        chef_work_completed: chefAnswer ?? null,
        application_id: s.appId,
        chef_id: s.chef.id,
        subtotal_cents: s.job.subtotal_cents,
        fee_cents: s.job.fee_cents,
        total_cents: s.job.total_cents,
      });
      expect((await s.r.api.get(`/jobs/${s.job.id}`)).body.job).toMatchObject({
        status: 'completed',
        payment_status: 'held_in_escrow', // until payments reports the move
      });
      await eventually(() => expect(facts(s)).toEqual(records));
      expect(await written(h, 'jobs.checkout.deadline_passed.v1', s.job.id)).toBe(1);
      expect(await written(h, 'jobs.checkout.completed.v1', s.job.id)).toBe(0);
    },
  );
});

describe('shifts both sides answered are settled at once, not at the deadline', () => {
  test('both said "did not work": refunded, and nobody’s record suffers', async () => {
    const s = await workedShift();
    await answer(s.r, s.appId, false);
    await answer(s.chef, s.appId, false);
    const ev = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.job_id === s.job.id);
    expect(ev).toMatchObject({
      outcome: 'refund',
      restaurant_work_completed: false,
      chef_work_completed: false,
    });
    pastDeadline();
    await h.service.rules.pass();
    expect(await written(h, 'jobs.checkout.deadline_passed.v1', s.job.id)).toBe(0);
    expect(await written(h, 'jobs.reliability.recorded.v1', s.job.id)).toBe(0);
  });

  test('both said worked: a completed shift on both records', async () => {
    const s = await workedShift();
    await answer(s.r, s.appId, true);
    await answer(s.chef, s.appId, true);
    await waitForEvent(
      h,
      'jobs.checkout.completed.v1',
      (d) => d.job_id === s.job.id && d.outcome === 'release',
    );
    await eventually(() =>
      expect(facts(s)).toEqual(['chef:completed_shifts', 'restaurant:completed_shifts']),
    );
  });

  test('the answers disagree: disputed, the money held, no record yet, and the deadline changes nothing', async () => {
    const s = await workedShift();
    await answer(s.r, s.appId, false);
    await answer(s.chef, s.appId, true);
    await waitForEvent(
      h,
      'jobs.checkout.completed.v1',
      (d) => d.job_id === s.job.id && d.outcome === 'disputed',
    );
    pastDeadline();
    await h.service.rules.pass();
    expect((await s.r.api.get(`/jobs/${s.job.id}`)).body.job).toMatchObject({
      status: 'disputed',
      payment_status: 'disputed',
    });
    expect(await written(h, 'jobs.checkout.deadline_passed.v1', s.job.id)).toBe(0);
    expect(await written(h, 'jobs.reliability.recorded.v1', s.job.id)).toBe(0);
  });
});

test('after the deadline a side can no longer answer: the rules decide', async () => {
  const s = await workedShift();
  await answer(s.r, s.appId, true);
  await h.service.rules.stop(); // so the deadline is seen passed before the loop settles the shift
  try {
    pastDeadline();
    const late = await s.chef.api.post(`/applications/${s.appId}/checkout`, { workCompleted: false });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('JOBS.CHECKOUT_CLOSED');
    expect(await h.service.rules.pass()).toBeGreaterThanOrEqual(1);
  } finally {
    h.service.rules.start();
  }
  const ev = await waitForEvent(h, 'jobs.checkout.deadline_passed.v1', (d) => d.job_id === s.job.id);
  expect(ev).toMatchObject({ outcome: 'release', chef_work_completed: null });
  const again = await s.chef.api.post(`/applications/${s.appId}/checkout`, { workCompleted: false });
  expect(again.status).toBe(409);
});
