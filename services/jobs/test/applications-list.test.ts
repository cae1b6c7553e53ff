import { loadJobsConfig } from '../src/config';
import { applicationView, listApplicationsJson } from '../src/queries/application-views';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  laterShift,
  openJob,
  operator,
  publish,
  published,
  restaurantWithProfile,
  useHarness,
  type User,
} from './harness';

// GET /applications answers JSON text built from cached row fragments and one statement (issue 22). The
// answer must stay the one the presenters give: same fields, same order, same figures, disputes and
// reliability records included, for the chef and for the restaurant.
const h = useHarness();

/** Blue Door's two shifts: Ana booked on the first (`worked`), Ana and Ben applied to the second (`later`). */
async function twoShifts() {
  const r = await restaurantWithProfile(h, 'Blue Door');
  const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const ben = await chefWithProfile(h, { name: 'Ben Ortiz' });
  const worked = await openJob(h, r);
  const appId = await bookChef(worked, r, ana);
  // Two days after the first: still open when the test moves the clock past the first shift's end (a shift
  // whose start has passed unfilled expires, and the sweep doing it would race the comparisons below).
  const later = await openJob(h, r, laterShift(48));
  expect((await ana.api.post(`/jobs/${later.id}/apply`)).status).toBe(201);
  const bens = await ben.api.post(`/jobs/${later.id}/apply`);
  expect(bens.status).toBe(201);
  return { r, ana, ben, worked, appId, later, bensAppId: bens.body.application.id as string };
}

describe("GET /applications is the presenters' answer", () => {
  test('a disputed, decided shift and a pending one: the same JSON text for the chef and for the restaurant', async () => {
    const { r, ana, ben, worked, appId, later } = await twoShifts();
    // A change to an application shows on the next poll (its row's fragment is made again).
    const before = (await ben.api.get('/applications')).body;
    expect(before.applications[0].status).toBe('pending');
    expect(
      (await r.api.patch(`/applications/${before.applications[0].id}`, { status: 'rejected' })).status,
    ).toBe(200);
    expect((await ben.api.get('/applications')).body.applications[0].status).toBe('rejected');
    h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
    const now = () => new Date(Date.now() + 28.5 * HOUR);
    expect(
      (
        await r.api.post(`/applications/${appId}/checkout`, {
          workCompleted: false,
          feedback: 'No',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await ana.api.post(`/applications/${appId}/checkout`, {
          rating: 5,
          workCompleted: true,
          feedback: 'Yes',
        })
      ).status,
    ).toBe(200);
    const o = await operator(h);
    const decided = await o.api.post(`/ops/disputes/${worked.id}/resolve`, {
      chef_pay_cents: 0,
      note: 'A no-show.',
    });
    expect(decided.status).toBe(200);
    await eventually(() =>
      expect(published(h, 'jobs.reliability.recorded.v1', (d) => d.user_id === ana.id)).toHaveLength(1),
    );

    const view = { database: h.database, policy: loadJobsConfig({}).policy, now };
    for (const who of [ana, r, ben]) {
      const viewer = { id: who.id, type: who === r ? ('restaurant' as const) : ('chef' as const) };
      const { text } = await listApplicationsJson(view, viewer, {});
      // The reference: each listed application as its own view shows it (GET /applications/:id: the same
      // presenters, disputes and records, object by object), in the list's order.
      const listed = JSON.parse(text) as {
        applications: Array<{ id: string }>;
        total: number;
        booked?: unknown[];
      };
      const reference = await Promise.all(
        listed.applications.map((a) => applicationView(view, viewer, a.id)),
      );
      expect(reference.every((a) => a !== null)).toBe(true);
      // A chef's list also carries the shifts they hold (none here: Ana's was worked and decided).
      const booked = viewer.type === 'chef' ? { booked: [] } : {};
      // twice: the second answer is made from the kept fragments
      for (const answer of [text, (await listApplicationsJson(view, viewer, {})).text])
        expect(answer).toBe(JSON.stringify({ applications: reference, total: listed.total, ...booked }));
      const got = await who.api.get('/applications');
      expect(got.status).toBe(200);
      expect(got.body).toEqual(JSON.parse(text));
    }

    // What a user notices: Ana's list shows the decided dispute and her no-show, newest first.
    const mine = (await ana.api.get('/applications')).body;
    expect(mine.total).toBe(2);
    expect(mine.applications.map((a: any) => a.job_id)).toEqual([later.id, worked.id]);
    expect(mine.applications[1].job_postings.dispute).toMatchObject({
      status: 'resolved',
      resolution: { chef_pay_cents: 0, refund_cents: 8560, note: 'A no-show.' },
    });
    expect(mine.applications[0].job_postings).not.toHaveProperty('dispute');
    expect(mine.applications[0].chef_profiles.reliability).toMatchObject({
      no_shows: 1,
      last_90_days: { no_shows: 1 },
    });
    // The restaurant's list: Ben has no record.
    const theirs = (await r.api.get(`/applications?jobId=${later.id}`)).body;
    const bens = theirs.applications.find((a: any) => a.chef_id === ben.id);
    expect(bens.chef_profiles.reliability).toMatchObject({ no_shows: 0, completed_shifts: 0 });
  });
});

// The list keeps each row's JSON under the row's id and version (xmin): every change to a listed row, or to
// the profiles and records shown with it, must show on the very next poll, exactly as the presenters give it.
describe('GET /applications after each change', () => {
  /** The list as the service answers it (the text), checked against each application's own view. */
  async function listed(who: User, type: 'chef' | 'restaurant') {
    const res = await fetch(`${h.url}/applications`, { headers: { authorization: `Bearer ${who.token}` } });
    const text = await res.text();
    expect(`${res.status} ${res.status === 200 ? '' : text}`).toBe('200 ');
    const list = JSON.parse(text) as { applications: any[]; total: number; booked?: any[] };
    const view = { database: h.database, policy: loadJobsConfig({}).policy, now: () => new Date() };
    const viewer = { id: who.id, type };
    const reference = await Promise.all(list.applications.map((a) => applicationView(view, viewer, a.id)));
    // A chef's list ends with the shifts they hold: those of their applications accepted and not declined,
    // on a job open or filled, not ended (SHIFT_GAP, 30m, included) by the service's clock.
    const held = reference.filter(
      (a) =>
        a!.status === 'accepted' &&
        a!.worker_confirmed !== false &&
        ['open', 'filled'].includes(a!.job_postings.status) &&
        Date.parse(a!.job_postings.end_time) + 30 * 60_000 > h.clock.now().getTime(),
    );
    expect((list.booked ?? []).map((b) => b.job_id).sort()).toEqual(
      type === 'chef' ? held.map((a) => a!.job_id).sort() : [],
    );
    const booked = type === 'chef' ? { booked: list.booked } : {};
    expect(text).toBe(JSON.stringify({ applications: reference, total: list.total, ...booked }));
    return list.applications;
  }

  test('a status, a profile, a job, a dispute and a record each show on the next poll', async () => {
    const { r, ana, ben, worked, appId, later, bensAppId } = await twoShifts();
    // every list is read once before each change, so its fragments are kept at the old versions
    const all = async () => ({
      ana: await listed(ana, 'chef'),
      ben: await listed(ben, 'chef'),
      r: await listed(r, 'restaurant'),
    });
    await all();

    // the application's status
    const rejected = await r.api.patch(`/applications/${bensAppId}`, { status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect((await all()).ben[0].status).toBe('rejected');

    // the chef's profile (identity's event; the read model's row is written again)
    await publish(h, 'identity.chef_profile.updated.v1', {
      profile_id: ana.profileId,
      user_id: ana.id,
      name: 'Ana Ruiz Vega',
      bio: 'Fifteen years on the line.',
      city: 'Minneapolis',
      state: 'MN',
      latitude: 44.9778,
      longitude: -93.265,
      travel_radius: 20,
      skills: ['Sous Chef'],
      profile_image_url: null,
      hourly_rate_min: 25,
      average_rating: 4.5,
      total_ratings: 2,
      language_preference: 'en',
    });
    await eventually(async () => {
      const lists = await all();
      expect(lists.ana.map((a) => a.chef_profiles.name)).toEqual(['Ana Ruiz Vega', 'Ana Ruiz Vega']);
      expect(lists.r.filter((a) => a.chef_id === ana.id)[0].chef_profiles).toMatchObject({
        skills: ['Sous Chef'],
        average_rating: 4.5,
      });
    });

    // the restaurant's profile
    await publish(h, 'identity.restaurant_profile.updated.v1', {
      profile_id: r.profileId,
      user_id: r.id,
      name: 'Blue Door Bistro',
      description: 'Scratch kitchen',
      address: '2 Main St',
      city: 'Minneapolis',
      state: 'MN',
      latitude: 44.9778,
      longitude: -93.265,
      logo_url: null,
      cuisine_types: ['French'],
      average_rating: null,
      total_ratings: 0,
      language_preference: 'en',
    });
    await eventually(async () => {
      const lists = await all();
      expect(lists.ana.map((a) => a.job_postings.restaurant_profiles.name)).toEqual([
        'Blue Door Bistro',
        'Blue Door Bistro',
      ]);
    });

    // the job: the restaurant cancels the later shift
    expect((await r.api.put(`/jobs/${later.id}`, { status: 'cancelled' })).status).toBe(200);
    const afterCancel = await all();
    expect(afterCancel.ana.find((a) => a.job_id === later.id).job_postings.status).toBe('cancelled');
    expect(afterCancel.r.find((a) => a.job_id === later.id).job_postings.status).toBe('cancelled');

    // a dispute opened: the two checkouts disagree
    h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
    const checkout = (who: User, workCompleted: boolean) =>
      who.api.post(`/applications/${appId}/checkout`, {
        ...(workCompleted ? { rating: 3 } : {}),
        workCompleted,
        feedback: 'x',
      });
    expect((await checkout(r, false)).status).toBe(200);
    await all();
    expect((await checkout(ana, true)).status).toBe(200);
    const disputed = (await all()).ana.find((a) => a.job_id === worked.id).job_postings;
    expect(disputed).toMatchObject({ status: 'disputed', dispute: { status: 'open' } });

    // a reliability fact: the operator decides a no-show
    const o = await operator(h);
    const decided = await o.api.post(`/ops/disputes/${worked.id}/resolve`, {
      chef_pay_cents: 0,
      note: 'No.',
    });
    expect(decided.status).toBe(200);
    await eventually(async () => {
      const lists = await all();
      expect(lists.ana[0].chef_profiles.reliability).toMatchObject({ no_shows: 1 });
      expect(lists.r.find((a) => a.chef_id === ana.id).chef_profiles.reliability).toMatchObject({
        no_shows: 1,
      });
    });
  });
});
