import { loadJobsConfig } from '../src/config';
import { applicationView, listApplicationsJson } from '../src/db/application-views';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  operator,
  published,
  restaurantWithProfile,
  useHarness,
} from './harness';

// GET /applications answers JSON text built from cached row fragments and one statement (issue 22). The
// answer must stay the one the presenters give: same fields, same order, same figures, disputes and
// reliability records included, for the chef and for the restaurant.
const h = useHarness();

describe("GET /applications is the presenters' answer", () => {
  test('a disputed, decided shift and a pending one: the same JSON text for the chef and for the restaurant', async () => {
    const r = await restaurantWithProfile(h, 'Blue Door');
    const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
    const ben = await chefWithProfile(h, { name: 'Ben Ortiz' });
    const worked = await openJob(h, r);
    const appId = await bookChef(worked, r, ana);
    const later = await openJob(h, r);
    expect((await ana.api.post(`/jobs/${later.id}/apply`)).status).toBe(201);
    expect((await ben.api.post(`/jobs/${later.id}/apply`)).status).toBe(201);
    // A change to an application shows on the next poll (its row's fragment is made again).
    const before = (await ben.api.get('/applications')).body;
    expect(before.applications[0].status).toBe('pending');
    expect(
      (await r.api.patch(`/applications/${before.applications[0].id}`, { status: 'rejected' })).status,
    ).toBe(200);
    expect((await ben.api.get('/applications')).body.applications[0].status).toBe('rejected');
    h.clock.advance(25 * HOUR);
    const now = () => new Date(Date.now() + 25 * HOUR);
    expect(
      (
        await r.api.post(`/applications/${appId}/checkout`, {
          rating: 2,
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
      const text = await listApplicationsJson(view, viewer, {});
      // The reference: each listed application as its own view shows it (GET /applications/:id: the same
      // presenters, disputes and records, object by object), in the list's order.
      const listed = JSON.parse(text) as { applications: Array<{ id: string }>; total: number };
      const reference = await Promise.all(
        listed.applications.map((a) => applicationView(view, viewer, a.id)),
      );
      expect(reference.every((a) => a !== null)).toBe(true);
      // twice: the second answer is made from the kept fragments
      for (const answer of [text, await listApplicationsJson(view, viewer, {})])
        expect(answer).toBe(JSON.stringify({ applications: reference, total: listed.total }));
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
