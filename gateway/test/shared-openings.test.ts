import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eventually } from '@brigade/kit/testing';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type Stack,
} from '../../tests/hardening/support/stack';

// The chefs' open list as the openings screen polls it (shared=1): the same body for every chef, which the
// gateway keeps once per list version and answers itself while the jobs stamp holds (ADR 7). Through the
// whole product (in one process by default; services, PostgreSQL, RabbitMQ and Redis in real mode), with
// users polling as the web client does.

const OPENINGS = '/api/jobs?status=open&shared=1&limit=50';

let stack: Stack;
let restaurant: Account;
let chefs: Account[];

beforeAll(async () => {
  stack = await startStack();
  [restaurant, ...chefs] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
}, 60_000);
afterAll(() => stack?.close());

async function get(who: Account, path = OPENINGS, headers: Record<string, string> = {}) {
  const reply = await stack.call('GET', path, { token: who.token, headers });
  expect(reply.headers.get('x-brigade-revalidate')).toBeNull();
  expect(reply.headers.get('x-brigade-shared')).toBeNull();
  return reply;
}

const ids = (body: any): string[] => body.jobs.map((j: any) => j.id);

test('every chef sees a new shift on the first poll after any chef saw it, and never an older list after', async () => {
  // Each chef has polled (and so has been answered by the jobs service once), as on the openings screen.
  const tags = new Map<string, string>();
  for (const chef of chefs) tags.set(chef.id, expectStatus(await get(chef), 200).headers.get('etag')!);

  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job); // the job is open
  const [first, ...others] = chefs;
  const seen = await eventually(async () => {
    const r = await get(first, OPENINGS, { 'if-none-match': tags.get(first.id)! });
    if (r.status !== 200 || !ids(r.body).includes(job.id)) throw new Error('not listed yet');
    return r;
  }, 15_000);
  // The herd: each other chef's next poll, with the tag of the old list, is the new list at once.
  for (const chef of others) {
    const r = expectStatus(await get(chef, OPENINGS, { 'if-none-match': tags.get(chef.id)! }), 200);
    expect(ids(r.body)).toContain(job.id);
    expect(r.headers.get('etag')).toBe(seen.headers.get('etag'));
    expect(r.body).toEqual(seen.body);
    // and with the new tag: unchanged
    expect((await get(chef, OPENINGS, { 'if-none-match': r.headers.get('etag')! })).status).toBe(304);
  }

  // Another shift opens: nobody is answered the kept body (nor a 304) for the list that no longer is.
  const second = await postJob(stack, restaurant);
  await payJob(stack, restaurant, second);
  await eventually(async () => {
    const r = await get(first, OPENINGS, { 'if-none-match': seen.headers.get('etag')! });
    if (r.status !== 200 || !ids(r.body).includes(second.id)) throw new Error('not listed yet');
  }, 15_000);
  for (const chef of others) {
    const stale = await get(chef, OPENINGS, { 'if-none-match': seen.headers.get('etag')! });
    expect(stale.status).toBe(200);
    expect(ids(stale.body)).toEqual(expect.arrayContaining([job.id, second.id]));
    const fresh = await get(chef); // no tag at all: the current list too
    expect(ids(fresh.body)).toContain(second.id);
  }
}, 60_000);

test("a chef's shared list carries nobody's applications; their own come from their applications poll", async () => {
  const [ana, ben] = chefs;
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, ana, job);

  for (const chef of [ana, ben]) {
    const listed = await eventually(async () => {
      const r = expectStatus(await get(chef), 200);
      const found = r.body.jobs.find((j: any) => j.id === job.id);
      if (!found) throw new Error('not listed yet');
      return found;
    }, 15_000);
    expect(listed).not.toHaveProperty('user_applied');
    expect(listed).not.toHaveProperty('user_application');
  }
  // Ana's applications poll has hers; Ben's has none of hers.
  const anas = expectStatus(await get(ana, '/api/applications'), 200).body.applications;
  expect(anas.map((a: any) => a.id)).toContain(applicationId);
  const bens = expectStatus(await get(ben, '/api/applications'), 200).body.applications;
  expect(bens.map((a: any) => a.id)).not.toContain(applicationId);
  // The list without shared=1 is each chef's own, with user_applied, and never taken from the shared body.
  const own = async (chef: Account) =>
    expectStatus(await get(chef, '/api/jobs?status=open&limit=50'), 200).body.jobs.find(
      (j: any) => j.id === job.id,
    );
  expect((await own(ana)).user_applied).toBe(true);
  expect((await own(ben)).user_applied).toBe(false);
}, 60_000);

test("a restaurant asking for the chefs' shared URL gets its own jobs, not the chefs' kept list", async () => {
  const other = await signUp(stack, 'restaurant');
  const chefsView = expectStatus(await get(chefs[0]), 200); // the gateway holds the chefs' body now
  expect(chefsView.body.jobs.length).toBeGreaterThan(0);
  for (let i = 0; i < 2; i++) {
    const r = expectStatus(await get(other), 200);
    expect(r.body.jobs).toEqual([]);
    expect(r.headers.get('etag')).not.toBe(chefsView.headers.get('etag'));
  }
}, 60_000);

/** The raw answer, as the bytes on the wire (fetch would decode them itself). */
function raw(token: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>(
    (resolve, reject) => {
      const req = http.get(
        `${stack.url}${OPENINGS}`,
        {
          headers: {
            authorization: `Bearer ${token}`,
            'accept-encoding': acceptEncoding,
            'x-forwarded-for': stack.ip,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
    },
  );
}

test('the kept body is served compressed to a client that accepts it: the same list, fewer bytes', async () => {
  const chef = chefs[2];
  const plain = expectStatus(await get(chef), 200);
  for (const [accept, encoding, decode] of [
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
  ] as const) {
    const res = await eventually(async () => {
      const r = await raw(chef.token, accept);
      if (r.headers['content-encoding'] !== encoding) throw new Error('not compressed yet');
      return r;
    }, 5_000);
    expect(res.status).toBe(200);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.bytes.length).toBeLessThan(Buffer.byteLength(plain.text) / 3);
    expect(JSON.parse(decode(res.bytes).toString())).toEqual(plain.body);
  }
  // A client that accepts no encoding (or refuses the ones we have) gets the plain bytes.
  for (const accept of ['identity', 'gzip;q=0, br;q=0']) {
    const identity = await raw(chef.token, accept);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.bytes.toString())).toEqual(plain.body);
  }
}, 30_000);

test('a chef in another city is never answered the kept list of chefs elsewhere (near=me: one list per place and radius)', async () => {
  const [detroit] = chefs;
  const minneapolis = await signUp(stack, 'chef');
  expectStatus(
    await stack.call('POST', '/api/profiles/chef', {
      token: minneapolis.token,
      body: { city: 'Minneapolis', travelRadius: 15 },
    }),
    200,
  );
  // jobs hears of the move by event: the Minneapolis chef's own answer names Minneapolis.
  const mine = await eventually(async () => {
    const r = expectStatus(await get(minneapolis), 200);
    if (r.body.area?.city !== 'Minneapolis') throw new Error(`area ${JSON.stringify(r.body.area)}`);
    return r;
  }, 15_000);
  // A shift opens in Detroit: both chefs refetch; the Detroit chef's answer is kept by the gateway first.
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const theirs = await eventually(async () => {
    const r = expectStatus(await get(detroit), 200);
    if (!ids(r.body).includes(job.id)) throw new Error('not listed yet');
    return r;
  }, 15_000);
  expect(theirs.body.area).toMatchObject({ city: 'Detroit' });
  for (let i = 0; i < 3; i++) {
    const r = expectStatus(
      await get(minneapolis, OPENINGS, { 'if-none-match': mine.headers.get('etag')! }),
      200,
    );
    expect(r.body.area).toMatchObject({ city: 'Minneapolis' });
    expect(ids(r.body)).not.toContain(job.id); // Detroit is far outside a 15-mile radius of Minneapolis
    expect(r.headers.get('etag')).not.toBe(theirs.headers.get('etag'));
  }
}, 60_000);
