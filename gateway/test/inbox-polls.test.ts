import { createLogger, listen, remoteKeys, type RunningServer } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { MemoryRateLimiter } from '../src/rate-limit';
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
import { startCountingRelay, type CountingRelay } from './support/counting-relay';

// Issue 41: the notifications page and the bell carry the person's inbox stamp (ADR 7), so the gateway answers
// their unchanged polls 304 itself and notifications is not asked; every change either of them shows (a new
// notification, one read, all read, a name it shows) moves the stamp, and the next poll reaches notifications and
// shows it; another person's change never moves it. The whole product runs (in this process by default;
// PostgreSQL, RabbitMQ and Redis, stamps in Redis, in real mode); a gateway of the test's own, sharing the
// product's stamps, reaches notifications through a counting relay, so a test sees which polls reached it.

let stack: Stack;
let relay: CountingRelay;
let gateway: RunningServer;
let restaurant: Account;
let otherRestaurant: Account;
let chef: Account;
let otherChef: Account;

beforeAll(async () => {
  stack = await startStack();
  relay = await startCountingRelay(stack.brigade.services.notifications!.url);
  // One after another: sign-ups at once (a password hash each) can outlast the gateway's timeout on a busy CI.
  restaurant = await signUp(stack, 'restaurant');
  otherRestaurant = await signUp(stack, 'restaurant');
  chef = await signUp(stack, 'chef');
  otherChef = await signUp(stack, 'chef');
  const running = Object.fromEntries(
    Object.entries(stack.brigade.services).map(([name, s]) => [name, s!.url]),
  );
  gateway = await listen(
    createGateway({
      config: loadGatewayConfig({
        PUBLIC_URL: 'http://localhost:8080',
        RATE_LIMIT_API_PER_MINUTE: '100000',
        UPSTREAM_TIMEOUT_MS: '10000',
      }),
      services: { ...running, notifications: relay.url },
      rateLimiter: new MemoryRateLimiter(),
      stamps: stack.brigade.stamps,
      revocations: stack.brigade.revocations,
      keys: remoteKeys(`${running.identity}/auth/jwks.json`),
      logger: createLogger('gateway-test', 'silent'),
    }),
  );
}, 180_000);
afterAll(async () => {
  await gateway?.close();
  await relay?.close();
  await stack?.close();
});

const INBOX = '/api/notifications';
const BELL = '/api/notifications/unread-count';

interface Polled {
  status: number;
  body: any;
  /** Whether notifications answered it (else the gateway did). */
  reachedService: boolean;
}

/** A polling client of one person: keeps the last ETag and body per path and revalidates, as the web app does. */
function poller(who: Account) {
  const seen = new Map<string, { etag: string; body: any }>();
  return async (path: string): Promise<Polled> => {
    const last = seen.get(path);
    const before = relay.count;
    const res = await fetch(`${gateway.url}${path}`, {
      headers: { authorization: `Bearer ${who.token}`, ...(last ? { 'if-none-match': last.etag } : {}) },
    });
    const reachedService = relay.count > before;
    expect(res.headers.get('x-brigade-revalidate')).toBeNull();
    if (res.status === 304 && last) return { status: 304, body: last.body, reachedService };
    expect([path, res.status]).toEqual([path, 200]);
    const body = await res.json();
    seen.set(path, { etag: res.headers.get('etag')!, body });
    return { status: 200, body, reachedService };
  };
}

/** What notifications itself shows the person now (asked directly, not through the test's gateway). */
async function held(who: Account, path: string): Promise<any> {
  const res = await fetch(`${stack.brigade.services.notifications!.url}${path.replace(/^\/api/, '')}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

/**
 * Once everything already set off has landed (sign-ups' events, texts of a posted shift), the person's polls of
 * the inbox and the bell are answered 304 by the gateway, without notifications.
 */
async function settled(poll: ReturnType<typeof poller>) {
  for (const path of [INBOX, BELL])
    await eventually(async () => {
      await poll(path);
      const again = await poll(path);
      expect([path, again.status, again.reachedService]).toEqual([path, 304, false]);
    }, 20_000);
}

const idsOf = (page: any): string[] => page.notifications.map((n: any) => n.id);

test('a new notification, reading it and reading all each show at the next poll; unchanged polls are the gateway’s', async () => {
  const poll = poller(restaurant);
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  await settled(poll);
  const shown = (await poll(INBOX)).body;

  // A chef applies: notifications records the restaurant's entry. From the moment it holds it, the restaurant's
  // next polls reach it and show it: the list with the entry first, the bell one more.
  await apply(stack, chef, job);
  const entry = await eventually(async () => {
    const now = await held(restaurant, INBOX);
    const fresh = now.notifications.find((n: any) => !idsOf(shown).includes(n.id));
    if (!fresh) throw new Error('not recorded yet');
    return fresh;
  }, 20_000);
  // the restaurant's entry about the application, naming the chef
  expect(entry).toMatchObject({ read: false, link: `/jobs/${job.id}/applications` });
  const unread = (await held(restaurant, BELL)).unread;
  const list = await poll(INBOX);
  expect([list.status, list.reachedService]).toEqual([200, true]);
  expect(list.body.notifications[0].id).toBe(entry.id);
  expect(list.body.unread).toBe(unread);
  const bell = await poll(BELL);
  expect([bell.status, bell.reachedService, bell.body]).toEqual([200, true, { unread }]);
  expect(unread).toBeGreaterThan(shown.unread);
  // ...and unchanged again, both are the gateway's.
  for (const path of [INBOX, BELL]) expect([path, (await poll(path)).reachedService]).toEqual([path, false]);

  // Reading it: the bell's next poll has one fewer, the list's shows it read.
  expectStatus(
    await stack.call('POST', `/api/notifications/${entry.id}/read`, { token: restaurant.token }),
    200,
  );
  const afterRead = await poll(BELL);
  expect([afterRead.status, afterRead.reachedService, afterRead.body]).toEqual([
    200,
    true,
    { unread: unread - 1 },
  ]);
  const readList = await poll(INBOX);
  expect(readList.status).toBe(200);
  expect(readList.body.notifications.find((n: any) => n.id === entry.id).read).toBe(true);
  // Reading it again changes nothing: the gateway answers.
  expectStatus(
    await stack.call('POST', `/api/notifications/${entry.id}/read`, { token: restaurant.token }),
    200,
  );
  for (const path of [INBOX, BELL]) expect([path, (await poll(path)).reachedService]).toEqual([path, false]);

  // Another chef applies (a second entry, unread), then read all: the bell's next poll is at zero.
  await apply(stack, otherChef, job);
  await eventually(async () => expect((await held(restaurant, BELL)).unread).toBe(unread), 20_000);
  const second = await poll(BELL);
  expect([second.status, second.reachedService, second.body]).toEqual([200, true, { unread }]);
  expectStatus(await stack.call('POST', '/api/notifications/read-all', { token: restaurant.token }), 200);
  const cleared = await poll(BELL);
  expect([cleared.status, cleared.reachedService, cleared.body]).toEqual([200, true, { unread: 0 }]);
  const allRead = await poll(INBOX);
  expect(allRead.status).toBe(200);
  expect(allRead.body.notifications.every((n: any) => n.read)).toBe(true);
}, 120_000);

test('a name an entry shows changes: the next poll shows the new one', async () => {
  const poll = poller(restaurant);
  // An entry naming the chef: their application.
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  await apply(stack, chef, job);
  await eventually(async () => {
    const page = await held(restaurant, INBOX);
    expect(page.notifications.some((n: any) => n.link === `/jobs/${job.id}/applications`)).toBe(true);
  }, 20_000);
  await settled(poll);
  const renamed = `Chef Renamed ${chef.id.slice(0, 6)}`;
  expectStatus(
    await stack.call('POST', '/api/profiles/chef', {
      token: chef.token,
      body: { name: renamed, bio: 'Grill and prep', city: 'Detroit', skills: JSON.stringify(['Grill Cook']) },
    }),
    200,
  );
  // Once notifications shows the new name, the restaurant's next poll of its inbox shows it too.
  await eventually(async () => {
    expect(JSON.stringify(await held(restaurant, INBOX))).toContain(renamed);
  }, 20_000);
  const list = await poll(INBOX);
  expect([list.status, list.reachedService]).toEqual([200, true]);
  expect(list.body.notifications.some((n: any) => n.text.includes(renamed))).toBe(true);
}, 120_000);

test("another person's notifications and reads never move this person's stamp", async () => {
  const poll = poller(restaurant);
  await settled(poll);
  const asked = relay.count;

  // The other restaurant gets an application, reads it, reads all; the chef who applied reads all too.
  const job = await postJob(stack, otherRestaurant);
  await payJob(stack, otherRestaurant, job);
  await apply(stack, otherChef, job);
  const entry = await eventually(async () => {
    const page = await held(otherRestaurant, INBOX);
    const found = page.notifications.find((n: any) => n.link === `/jobs/${job.id}/applications`);
    if (!found) throw new Error('not recorded yet');
    return found;
  }, 20_000);
  const other = poller(otherRestaurant);
  expect((await other(BELL)).body.unread).toBeGreaterThan(0);
  expectStatus(
    await stack.call('POST', `/api/notifications/${entry.id}/read`, { token: otherRestaurant.token }),
    200,
  );
  expectStatus(
    await stack.call('POST', '/api/notifications/read-all', { token: otherRestaurant.token }),
    200,
  );
  expectStatus(await stack.call('POST', '/api/notifications/read-all', { token: otherChef.token }), 200);
  expect(await other(BELL)).toMatchObject({ status: 200, body: { unread: 0 } });

  // This restaurant's polls are still answered by the gateway: notifications was not asked for them.
  const mine = relay.count;
  for (const path of [INBOX, BELL]) {
    const again = await poll(path);
    expect([path, again.status, again.reachedService]).toEqual([path, 304, false]);
  }
  expect(relay.count).toBe(mine);
  expect(mine).toBeGreaterThan(asked); // (the other restaurant's own polls did reach it)
}, 120_000);
