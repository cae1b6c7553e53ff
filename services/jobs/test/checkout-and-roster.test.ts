import { randomUUID } from 'node:crypto';
import {
  chefWithProfile,
  client,
  eventually,
  HOUR,
  laterShift,
  openJob,
  operator,
  publish,
  published,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  user,
  waitForEvent,
} from './harness';

const h = useHarness();

type Chef = Awaited<ReturnType<typeof chefWithProfile>>;
type Restaurant = Awaited<ReturnType<typeof restaurantWithProfile>>;

/** A shift filled by a confirmed chef (tomorrow unless `times` say otherwise). */
async function filledShift(r?: Restaurant, chef?: Chef, times: Record<string, unknown> = {}) {
  r = r ?? (await restaurantWithProfile(h));
  chef = chef ?? (await chefWithProfile(h));
  const job = await openJob(h, r, times);
  const { body } = await chef.api.post(`/jobs/${job.id}/apply`);
  const appId = body.application.id as string;
  expect((await r.api.patch(`/applications/${appId}`, { status: 'accepted' })).status).toBe(200);
  expect((await chef.api.post(`/applications/${appId}/confirm`, { confirmed: true })).status).toBe(200);
  return { r, chef, job, appId };
}
/** 30 hours on: past the end of a shift posted with the default times (tomorrow, 4 hours). */
const afterStart = () => h.clock.advance(30 * 3_600_000);
/** The clock moved to a minute after this shift's end (checkout opens at the end). */
const afterEnd = (job: { end_time: string }) =>
  h.clock.advance(Date.parse(job.end_time) - Date.now() + 60_000);
/** A moment's clock time in Minneapolis ("4:00"), as the refusals write it. */
const localClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/\s?[AP]M$/, '');

describe("the chefs' open list", () => {
  test('stays unchanged (304) while shifts no chef browses change, and changes when a shift opens', async () => {
    const { r, chef, job, appId } = await filledShift();
    afterStart();
    const observer = await chefWithProfile(h);
    const tag = (await observer.api.get('/jobs')).headers.get('etag')!;
    const stillUnchanged = async () =>
      expect((await observer.api.get('/jobs', { 'if-none-match': tag })).status).toBe(304);

    // a new shift waiting for its payment is not listed yet
    const start = new Date(Date.now() + 48 * HOUR);
    start.setUTCMinutes(0, 0, 0);
    const posted = await r.api.post(
      '/jobs',
      shiftForm({
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
      }),
    );
    expect(posted.status).toBe(201);
    await stillUnchanged();
    // the filled shift is worked, both sides check out, the chef is paid
    await r.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true, feedback: null });
    const mutual = await chef.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true });
    expect(mutual.body.mutualCheckoutCompleted).toBe(true);
    await stillUnchanged();
    await publish(h, 'payments.payout.released.v1', {
      job_id: job.id,
      chef_id: chef.id,
      restaurant_id: r.id,
      transfer_id: 'tr_open_list',
      amount_cents: job.subtotal_cents,
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${job.id}`)).body.job.payment_status).toBe('completed'),
    );
    await stillUnchanged();

    // the new shift's escrow is held: it opens, and every chef's list shows it
    await publish(h, 'payments.escrow.held.v1', {
      job_id: posted.body.job.id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_open_list',
      amount_cents: posted.body.job.total_cents,
    });
    await eventually(async () => {
      const res = await observer.api.get('/jobs', { 'if-none-match': tag });
      expect(res.status).toBe(200);
      expect(res.body.jobs.map((j: any) => j.id)).toContain(posted.body.job.id);
    });
  });
});

describe('checkout', () => {
  test('both sides check out and agree the work was done: the job completes and the pay is released', async () => {
    const { r, chef, job, appId } = await filledShift();
    afterStart();
    const first = await r.api.post(`/applications/${appId}/checkout`, {
      rating: 4,
      workCompleted: true,
      feedback: 'Great prep',
    });
    expect(first.status).toBe(200);
    // The answer says what happens to the money given the answers so far: held, waiting for the chef.
    const held = {
      outcome: 'held',
      reason: null,
      state: 'held',
      shift_pay_cents: job.subtotal_cents,
      total_cents: job.total_cents,
      chef_pay_cents: job.subtotal_cents,
      fee_cents: job.fee_cents,
      refund_cents: 0,
    };
    expect(first.body).toEqual({
      message: "Checkout recorded. Waiting for the chef's checkout: your $85.60 stays held until then.",
      mutualCheckoutCompleted: false,
      money: held,
      waiting_for: 'chef',
      work_completed: true,
    });
    const mid = (await r.api.get(`/jobs/${job.id}`)).body.job;
    expect(mid).toMatchObject({
      status: 'filled',
      restaurant_checkout_completed: true,
      chef_checkout_completed: false,
      chef_rating: 4,
    });

    const second = await chef.api.post(`/applications/${appId}/checkout`, {
      rating: 5,
      workCompleted: true,
      feedback: '',
    });
    const paid = { ...held, outcome: 'paid_in_full', reason: 'release', state: 'moving' };
    expect(second.body).toEqual({
      message: 'Checkout recorded. Paid in full: your $80.00 is on its way to you.',
      mutualCheckoutCompleted: true,
      money: paid,
      waiting_for: null,
      work_completed: true,
    });
    const done = (await chef.api.get(`/jobs/${job.id}`)).body.job;
    expect(done).toMatchObject({
      status: 'completed',
      payment_status: 'held_in_escrow',
      chef_rating: 4,
      restaurant_rating: 5,
      chef_checkout_completed: true,
      money: paid,
    });

    const ratedChef = await waitForEvent(
      h,
      'jobs.checkout.recorded.v1',
      (d) => d.application_id === appId && d.side === 'restaurant',
    );
    expect(ratedChef).toMatchObject({
      ratee_id: chef.id,
      ratee_type: 'chef',
      rating: 4,
      work_completed: true,
      feedback: 'Great prep',
    });
    const ratedRestaurant = await waitForEvent(
      h,
      'jobs.checkout.recorded.v1',
      (d) => d.application_id === appId && d.side === 'chef',
    );
    expect(ratedRestaurant).toMatchObject({
      ratee_id: r.id,
      ratee_type: 'restaurant',
      rating: 5,
      feedback: null,
    });
    const completed = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.application_id === appId);
    expect(completed).toMatchObject({
      outcome: 'release',
      chef_rating: 4,
      restaurant_rating: 5,
      subtotal_cents: job.subtotal_cents,
      total_cents: job.total_cents,
    });

    await publish(h, 'payments.payout.released.v1', {
      job_id: job.id,
      chef_id: chef.id,
      restaurant_id: r.id,
      transfer_id: 'tr_1',
      amount_cents: job.subtotal_cents,
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${job.id}`)).body.job.payment_status).toBe('completed'),
    );
    // Payments closed the escrow: both sides read it paid, with the figures the event moved.
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.money).toEqual({ ...paid, state: 'done' });
    expect((await chef.api.get(`/jobs/${job.id}`)).body.job.money).toEqual({ ...paid, state: 'done' });
  });

  test('both sides say the work was not done: the job completes with a refund to the restaurant, and nobody is rated', async () => {
    const { r, chef, job, appId } = await filledShift();
    afterStart();
    await r.api.post(`/applications/${appId}/checkout`, { workCompleted: false, feedback: null });
    const res = await chef.api.post(`/applications/${appId}/checkout`, { workCompleted: false });
    expect(res.body.mutualCheckoutCompleted).toBe(true);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({
      chef_rating: null,
      restaurant_rating: null,
    });
    expect(res.body.message).toBe(
      'Checkout recorded. Refunded: the whole $85.60 is going back to the restaurant, so this shift pays you nothing.',
    );
    expect(res.body.money).toMatchObject({
      outcome: 'refunded',
      reason: 'work_not_completed',
      state: 'moving',
      chef_pay_cents: 0,
      refund_cents: 8560,
    });
    const ev = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({
      outcome: 'refund',
      restaurant_work_completed: false,
      chef_work_completed: false,
      chef_rating: null,
      restaurant_rating: null,
    });
    await eventually(() =>
      expect(published(h, 'jobs.checkout.recorded.v1', (d) => d.application_id === appId)).toEqual([
        expect.objectContaining({ side: 'restaurant', rating: null, work_completed: false }),
        expect.objectContaining({ side: 'chef', rating: null, work_completed: false }),
      ]),
    );
  });

  test('when the two sides disagree the shift is disputed and the money stays held', async () => {
    const { r, chef, job, appId } = await filledShift();
    afterStart();
    await chef.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true });
    const res = await r.api.post(`/applications/${appId}/checkout`, { workCompleted: false });
    expect(res.body.mutualCheckoutCompleted).toBe(true);
    // Never "Checkout Complete!": the answer says the money is held for review.
    expect(res.body.message).toBe(
      'Checkout recorded. Under review: the two checkouts disagree, so your $85.60 stays held until a Brigade operator decides.',
    );
    expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({
      status: 'disputed',
      payment_status: 'disputed',
      money: { outcome: 'under_review', state: 'held', reason: null },
    });
    const ev = await waitForEvent(h, 'jobs.checkout.completed.v1', (d) => d.application_id === appId);
    expect(ev).toMatchObject({ outcome: 'disputed', chef_rating: null, restaurant_rating: 5 });
    // The operator's case file shows both answers: the restaurant's "did not work" with no rating.
    const file = (await (await operator(h)).api.get(`/ops/disputes/${job.id}`)).body.dispute;
    expect(file.checkouts).toMatchObject({
      chef: { work_completed: true, rating: 5 },
      restaurant: { work_completed: false, rating: null },
    });
  });

  test("each side checks out once, from the shift's end: before it, 409 JOBS.CHECKOUT_NOT_OPEN with the time it opens (en, es)", async () => {
    const { r, chef, job, appId } = await filledShift();
    const answer = { rating: 5, workCompleted: true };
    // Before the start, and an hour into the shift: not open yet, and nothing is recorded.
    for (const into of [0, Date.parse(job.start_time) - Date.now() + HOUR]) {
      h.clock.reset();
      h.clock.advance(into);
      const early = await chef.api.post(`/applications/${appId}/checkout`, answer);
      expect(early.status).toBe(409);
      expect(early.body).toEqual({
        error: expect.stringMatching(
          /^Checkout opens at the end of the shift: \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}\s[AP]M C[SD]T\.$/,
        ),
        code: 'JOBS.CHECKOUT_NOT_OPEN',
        opens_at: job.end_time,
        time_zone: 'America/Chicago',
      });
      expect(early.body.error).toContain(localClock(job.end_time));
    }
    const spanish = client(h, await h.token({ id: chef.id, type: 'chef', language: 'es' }));
    const temprano = await spanish.post(`/applications/${appId}/checkout`, answer);
    expect(temprano.status).toBe(409);
    expect(temprano.body.error).toMatch(/^Podrás registrar la salida cuando termine el turno: .+\.$/);
    expect(temprano.body.error).toContain(localClock(job.end_time));
    expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({
      chef_checkout_completed: false,
      checkout_opens_at: job.end_time,
    });

    // From the end: a decision, nothing defaulted. Worked work is rated 1-5; work not done is not rated.
    h.clock.reset();
    afterEnd(job);
    for (const rating of [0, 6, 4.5, 'five']) {
      const bad = await chef.api.post(`/applications/${appId}/checkout`, { rating, workCompleted: true });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Rating must be a whole number from 1 to 5');
    }
    const unrated = await chef.api.post(`/applications/${appId}/checkout`, { workCompleted: true });
    expect(unrated.status).toBe(400);
    expect(unrated.body).toEqual({
      error: 'Please rate the other side from 1 to 5 stars',
      code: 'JOBS.RATING_REQUIRED',
    });
    const ratedUnworked = await chef.api.post(`/applications/${appId}/checkout`, {
      rating: 2,
      workCompleted: false,
    });
    expect(ratedUnworked.status).toBe(400);
    expect(ratedUnworked.body).toEqual({
      error: 'A shift that was not worked is not rated: leave the rating out',
      code: 'JOBS.RATING_WITHOUT_WORK',
    });
    const undecided = await chef.api.post(`/applications/${appId}/checkout`, { rating: 5 });
    expect(undecided.status).toBe(400);
    expect(undecided.body.error).toBe(
      'Please say whether the shift was worked (workCompleted true or false)',
    );
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.chef_checkout_completed).toBe(false);

    expect((await chef.api.post(`/applications/${appId}/checkout`, answer)).status).toBe(200);
    const twice = await chef.api.post(`/applications/${appId}/checkout`, answer);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      error: 'You have already checked out of this shift',
      code: 'JOBS.ALREADY_CHECKED_OUT',
    });
    expect(
      published(h, 'jobs.checkout.recorded.v1', (d) => d.application_id === appId && d.side === 'chef')
        .length,
    ).toBeLessThanOrEqual(1);
    // the restaurant's side is still open to it alone
    const stranger = await user(h, 'restaurant');
    expect((await stranger.api.post(`/applications/${appId}/checkout`, answer)).status).toBe(404);
    expect((await r.api.post(`/applications/${appId}/checkout`, answer)).body.mutualCheckoutCompleted).toBe(
      true,
    );
  });

  test('an application that was never confirmed cannot be checked out', async () => {
    const r = await user(h, 'restaurant');
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    const { body } = await chef.api.post(`/jobs/${job.id}/apply`);
    afterStart();
    const res = await chef.api.post(`/applications/${body.application.id}/checkout`, {
      rating: 5,
      workCompleted: true,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Checkout is only possible for the confirmed chef of a filled shift',
      code: 'JOBS.NOT_CHECKOUTABLE',
    });
  });

  test('a filled shift can be cancelled before it starts (refund due) but not after', async () => {
    const a = await filledShift();
    const res = await a.r.api.put(`/jobs/${a.job.id}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === a.job.id);
    expect(ev).toMatchObject({ previous_status: 'filled', refund_due: true, affected_chef_ids: [a.chef.id] });
    const b = await filledShift();
    afterStart();
    const late = await b.r.api.put(`/jobs/${b.job.id}`, { status: 'cancelled' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      error: 'The shift has started, so it can no longer be cancelled: check out instead.',
      code: 'JOBS.SHIFT_STARTED',
    });
  });
});

describe('the roster of favorite chefs', () => {
  test('a restaurant adds a chef by profile id or user id, checks the status and removes them', async () => {
    const r = await user(h, 'restaurant');
    const chef = await chefWithProfile(h, { name: 'Bo' });
    const added = await r.api.post(`/favorites/chef/${chef.profileId}`);
    expect(added.status).toBe(201);
    expect(added.body.favorite).toMatchObject({
      chef_profile_id: chef.profileId,
      chef_id: chef.id,
      chef_profiles: { name: 'Bo' },
      stats: { shiftsCompleted: 0, averageRating: null, lastWorked: null },
    });
    expect((await r.api.post(`/favorites/chef/${chef.id}`)).status).toBe(200);
    expect((await r.api.get('/favorites')).body.favorites).toHaveLength(1);
    expect((await r.api.get(`/favorites/chef/${chef.profileId}/status`)).body).toEqual({ isFavorite: true });
    expect((await r.api.get(`/favorites/chef/${chef.id}/status`)).body).toEqual({ isFavorite: true });
    expect((await r.api.del(`/favorites/chef/${chef.id}`)).body).toEqual({ isFavorite: false });
    expect((await r.api.get(`/favorites/chef/${chef.profileId}/status`)).body).toEqual({ isFavorite: false });
    await r.api.post(`/favorites/chef/${chef.id}`);
    const fav = (await r.api.get('/favorites')).body.favorites[0];
    expect((await r.api.del(`/favorites/worker/${fav.id}`)).status).toBe(200);
    expect((await r.api.get('/favorites')).body.favorites).toEqual([]);
  });

  test("an unknown chef cannot be added; chefs have no roster; one restaurant's roster is its own", async () => {
    const r = await user(h, 'restaurant');
    const res = await r.api.post(`/favorites/chef/${randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Chef not found');
    const chef = await chefWithProfile(h);
    expect((await chef.api.get('/favorites')).status).toBe(403);
    expect((await chef.api.post(`/favorites/chef/${chef.id}`)).status).toBe(403);
    await r.api.post(`/favorites/chef/${chef.id}`);
    const other = await user(h, 'restaurant');
    expect((await other.api.get('/favorites')).body.favorites).toEqual([]);
    expect((await other.api.get(`/favorites/chef/${chef.id}/status`)).body.isFavorite).toBe(false);
    expect((await r.api.get('/favorites?sortBy=best')).body.error).toBe(
      'sortBy must be recent, frequency or rating',
    );
  });

  test('roster stats come from real completed shifts and sort by frequency, rating and recency', async () => {
    const r = await restaurantWithProfile(h);
    const often = await chefWithProfile(h, { name: 'Often' });
    const top = await chefWithProfile(h, { name: 'Top' });
    const fresh = await chefWithProfile(h, { name: 'Fresh' });
    for (const c of [often, top, fresh]) await r.api.post(`/favorites/chef/${c.profileId}`);

    // Each worked shift at its own time: a chef holds one shift at a time (issue 32).
    let shifts = 0;
    async function work(chef: Chef, rating: number) {
      const s = await filledShift(r, chef, laterShift(6 * shifts++));
      afterEnd(s.job);
      await r.api.post(`/applications/${s.appId}/checkout`, { rating, workCompleted: true });
      await chef.api.post(`/applications/${s.appId}/checkout`, { rating: 5, workCompleted: true });
      h.clock.reset();
    }
    await work(often, 3);
    await work(often, 4);
    await work(top, 5);
    // A shift the restaurant says was not worked carries no rating: Top's average stays 5.
    const unworked = await filledShift(r, top, laterShift(6 * shifts++));
    afterEnd(unworked.job);
    await r.api.post(`/applications/${unworked.appId}/checkout`, { workCompleted: false });
    h.clock.reset();

    const byFrequency = (await r.api.get('/favorites?sortBy=frequency')).body.favorites;
    expect(byFrequency.map((f: any) => f.chef_profiles.name)).toEqual(['Often', 'Top', 'Fresh']);
    expect(byFrequency[0].stats).toMatchObject({ shiftsCompleted: 2, averageRating: 3.5 });
    expect(byFrequency[0].stats.lastWorked).toEqual(expect.any(String));
    expect(byFrequency[2].stats).toEqual({ shiftsCompleted: 0, averageRating: null, lastWorked: null });
    const byRating = (await r.api.get('/favorites?sortBy=rating')).body.favorites;
    expect(byRating.map((f: any) => f.chef_profiles.name)).toEqual(['Top', 'Often', 'Fresh']);
    const recent = (await r.api.get('/favorites')).body.favorites;
    expect(recent.map((f: any) => f.chef_profiles.name).slice(-1)).toEqual(['Fresh']);
  });

  test('a post can ask to notify favorites, and only those from the roster', async () => {
    const r = await user(h, 'restaurant');
    const fav = await chefWithProfile(h);
    const stranger = await chefWithProfile(h);
    await r.api.post(`/favorites/chef/${fav.id}`);
    const job = await openJob(h, r, { notifyFavorites: [fav.profileId] });
    expect(job.notify_favorites).toEqual([fav.profileId]);
    const opened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id);
    expect(opened.notify_chef_ids).toEqual([fav.id]);
    const refused = await r.api.post('/jobs', { ...shiftForm(), notifyFavorites: [stranger.profileId] });
    expect(refused.status).toBe(400);
  });
});
