import { eventually } from '@brigade/kit/testing';
import {
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type Stack,
} from '../../tests/hardening/support/stack';

// Issue 32 through the whole product (in one process by default; services, PostgreSQL, RabbitMQ and Redis in real
// mode): a chef gives their home ZIP in identity; jobs hears it by event and measures their openings from it (each
// shift's distance and the travel radius) to each restaurant's own ZIP; chefs of the same home still share the
// list body the gateway keeps (ADR 7, ADR 22).

const OPENINGS = '/api/jobs?status=open&shared=1&limit=50';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(() => stack?.close());

const save = async (who: Account, type: 'chef' | 'restaurant', body: Record<string, unknown>) =>
  stack.call('POST', `/api/profiles/${type}`, { token: who.token, body });

const get = (who: Account, headers: Record<string, string> = {}) =>
  stack.call('GET', OPENINGS, { token: who.token, headers });

const distances = (body: any): Record<string, number> =>
  Object.fromEntries(body.jobs.map((j: any) => [j.id, j.distance_miles]));

/**
 * The chef's openings once jobs has heard of their latest profile (its area names their radius). The profile
 * travels identity's outbox, the broker and jobs' consumer: on a loaded two-core CI machine that took over 15 s.
 */
const HEARD_WITHIN_MS = 45_000;
const openingsAt = (who: Account, radius: number, from: 'home' | 'city') =>
  eventually(async () => {
    const r = expectStatus(await get(who), 200);
    if (r.body.area?.radius_miles !== radius || r.body.distances_from !== from)
      throw new Error(`not yet: ${JSON.stringify(r.body.area)} ${r.body.distances_from}`);
    return r;
  }, HEARD_WITHIN_MS);

test("a chef's home ZIP places their openings: real miles to each restaurant's ZIP, the radius from home, one body for neighbours", async () => {
  const [northLoop, shoreview, ana, ben, cal] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef', { payouts: false }),
    signUp(stack, 'chef', { payouts: false }),
    signUp(stack, 'chef', { payouts: false }),
  ]);
  // The restaurants' points: the ZIP ending the address (55401), or the ZIP typed in (55126).
  expectStatus(
    await save(northLoop, 'restaurant', {
      city: 'Minneapolis',
      address: '212 N 1st Ave, Minneapolis, MN 55401',
    }),
    200,
  );
  expectStatus(
    await save(shoreview, 'restaurant', {
      city: 'Minneapolis',
      address: '4000 Lexington Ave N',
      zip: '55126',
    }),
    200,
  );
  const near = await postJob(stack, northLoop);
  await payJob(stack, northLoop, near);
  const far = await postJob(stack, shoreview, 2 * 86_400_000);
  await payJob(stack, shoreview, far);

  const unknown = await save(ana, 'chef', { city: 'Minneapolis', home: '00000' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.code).toBe('IDENTITY.UNKNOWN_ZIP');

  // Uptown (55408): North Loop is 3.1 miles away, Shoreview 12.2 (9.5 from the city's centre).
  expectStatus(await save(ana, 'chef', { city: 'Minneapolis', travelRadius: 10, home: '55408' }), 200);
  const at10 = await eventually(async () => {
    const r = await openingsAt(ana, 10, 'home');
    if (!(near.id in distances(r.body))) throw new Error('not listed yet');
    return r;
  }, HEARD_WITHIN_MS);
  expect(distances(at10.body)).toEqual({ [near.id]: 3.1 });

  expectStatus(await save(ana, 'chef', { travelRadius: 15 }), 200);
  const at15 = await openingsAt(ana, 15, 'home');
  expect(distances(at15.body)).toEqual({ [near.id]: 3.1, [far.id]: 12.2 });

  // A chef who gave no home: the city's centre, as before, and the answer says so.
  expectStatus(await save(cal, 'chef', { city: 'Minneapolis', travelRadius: 10 }), 200);
  const fromCentre = await openingsAt(cal, 10, 'city');
  expect(distances(fromCentre.body)).toEqual({ [near.id]: 0.6, [far.id]: 9.5 });

  // A neighbour of the same ZIP and radius: the same list under the same ETag, answered from the gateway's kept
  // body after Ana's poll, 304 with it; a new shift reaches both at once.
  expectStatus(await save(ben, 'chef', { city: 'Minneapolis', travelRadius: 15, home: '55408' }), 200);
  const bens = await openingsAt(ben, 15, 'home');
  expect(bens.headers.get('etag')).toBe(at15.headers.get('etag'));
  expect(bens.body).toEqual(at15.body);
  expect((await get(ben, { 'if-none-match': at15.headers.get('etag')! })).status).toBe(304);
  expect(fromCentre.headers.get('etag')).not.toBe(at15.headers.get('etag'));

  const third = await postJob(stack, northLoop, 3 * 86_400_000);
  await payJob(stack, northLoop, third);
  const anas = await eventually(async () => {
    const r = expectStatus(await get(ana, { 'if-none-match': at15.headers.get('etag')! }), 200);
    if (!(third.id in distances(r.body))) throw new Error('not listed yet');
    return r;
  }, HEARD_WITHIN_MS);
  const benNext = expectStatus(await get(ben, { 'if-none-match': at15.headers.get('etag')! }), 200);
  expect(benNext.headers.get('etag')).toBe(anas.headers.get('etag'));
  expect(benNext.body).toEqual(anas.body);
  expect(distances(benNext.body)[third.id]).toBe(3.1);
}, 240_000);
