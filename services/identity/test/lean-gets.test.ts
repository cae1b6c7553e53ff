import { createLogger, MemoryRevocations } from '@brigade/kit';
import { leanComparison } from '@brigade/kit/testing';
import { createIdentityService } from '../src/app';
import { signUp, startIdentity, type Harness } from './harness';

// GET /profiles/chefs, the restaurants' chef search, is answered by the lean path in front of Express (ADR 19).
// Asked the same things, the service with it and the service without it (LEAN_GETS=0) give the same status,
// headers (but the Date and a new request id) and body; the lean path alone answers the plain signed-in
// searches and leaves every other request (each error) to Express.
const OPERATOR = { email: 'lean-ops@example.com', password: 'operator password 1' };
let h: Harness;
const revocations = new MemoryRevocations();
let compare: Awaited<ReturnType<typeof leanComparison>>;
let restaurant: { access_token: string };
let chef: { access_token: string };

beforeAll(async () => {
  h = await startIdentity({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
  const config = h.service.context.config; // the harness's: its SMS sandbox
  const build = (leanGets: boolean) =>
    createIdentityService(
      {
        database: h.database,
        bus: h.testBus.bus,
        logger: createLogger('identity-test', 'silent'),
        revocations,
        leanGets,
      },
      config,
    );
  compare = await leanComparison((await build(true)).app, (await build(false)).app);
  restaurant = await signUp(h, 'restaurant');
  expect(
    (
      await h.post(
        '/profiles/restaurant',
        { name: 'Lean Grill', description: 'd', address: 'a', city: 'Detroit', cuisineTypes: '["American"]' },
        restaurant.access_token,
      )
    ).status,
  ).toBe(200);
  chef = await signUp(h, 'chef');
  for (const [name, city] of [
    ['Near Nora', 'Detroit'],
    ['Far Fred', 'Minneapolis'],
  ]) {
    const cook = name === 'Near Nora' ? chef : await signUp(h, 'chef');
    const saved = await h.post(
      '/profiles/chef',
      { name, bio: 'Line cook', city, skills: JSON.stringify(['Line Cook', 'Prep Cook']) },
      cook.access_token,
    );
    expect(saved.status).toBe(200);
  }
});

afterAll(async () => {
  await compare?.close();
  await h?.close();
});

const bearer = (u: { access_token: string }) => ({ authorization: `Bearer ${u.access_token}` });
const skills = encodeURIComponent(JSON.stringify(['Line Cook']));

test('the searches, a restaurant’s and a chef’s, repeated (kept answers) and new', async () => {
  for (const path of [
    `/profiles/chefs?skills=${skills}&radius=25&limit=25`,
    `/profiles/chefs?skills=${skills}&radius=25&limit=25`, // the kept answer
    `/profiles/chefs?skills=${skills}&radius=500`,
    '/profiles/chefs',
    '/profiles/chefs?minRate=10&maxRate=90&offset=1',
  ]) {
    const ok = await compare.expectSame(path, bearer(restaurant), true);
    expect(ok.status).toBe(200);
    expect(ok.headers).toContain('Content-Type: application/json; charset=utf-8');
  }
  const near = JSON.parse(
    (await compare.expectSame(`/profiles/chefs?skills=${skills}&radius=25`, bearer(restaurant), true)).body,
  );
  expect(near.chefs.map((c: { name: string }) => c.name)).toEqual(['Near Nora']);
  // a chef has no place to search from: every city
  const everywhere = JSON.parse(
    (await compare.expectSame(`/profiles/chefs?skills=${skills}`, bearer(chef), true)).body,
  );
  expect(everywhere.chefs.map((c: { name: string }) => c.name).sort()).toEqual(['Far Fred', 'Near Nora']);
});

test('the request id: the caller’s is kept and echoed', async () => {
  const { on, off, alone } = await compare.ask('/profiles/chefs', {
    ...bearer(restaurant),
    'x-request-id': 'search-7',
  });
  expect([on.requestId, off.requestId, alone.requestId]).toEqual(['search-7', 'search-7', 'search-7']);
});

test('401 without a token, with a bad one and with an ended session’s; 403 for an operator', async () => {
  const ended = await signUp(h, 'restaurant');
  const claims = JSON.parse(Buffer.from(ended.access_token.split('.')[1], 'base64url').toString());
  await revocations.revoke(claims.sid, Math.floor(Date.now() / 1000) + 3600);
  for (const headers of [{}, { authorization: 'Bearer nope' }, bearer(ended)])
    expect((await compare.expectSame('/profiles/chefs', headers, false)).status).toBe(401);
  const signedIn = await h.post('/auth/signin', OPERATOR);
  expect(signedIn.status).toBe(200);
  expect((await compare.expectSame('/profiles/chefs', bearer(signedIn.body.session), false)).status).toBe(
    403,
  );
});

test('400 for a query the schema refuses, and a NUL in it', async () => {
  for (const path of [
    '/profiles/chefs?radius=far',
    '/profiles/chefs?limit=0',
    '/profiles/chefs?skills=nope',
    '/profiles/chefs?skills=%00',
  ])
    expect((await compare.expectSame(path, bearer(restaurant), false)).status).toBe(400);
});

test('anything else is Express’s: HEAD, a trailing slash, another profile GET', async () => {
  expect((await compare.expectSame('/profiles/chefs', bearer(restaurant), false, 'HEAD')).status).toBe(200);
  expect((await compare.expectSame('/profiles/chefs/', bearer(restaurant), false)).status).toBe(200);
  expect((await compare.expectSame('/profiles/restaurant', bearer(restaurant), false)).status).toBe(200);
});
