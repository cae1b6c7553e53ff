import { eventually } from '@brigade/kit/testing';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type Reply,
  type Stack,
} from './support/stack';

// The gateway answers unchanged polls with 304 from the services' version stamps (docs/adr/0007). A stale
// 304 would hide a new shift, an application or a message from a user who keeps polling, so every poll
// below revalidates with the ETag it got last, as the web client does, and must see each change.
// In-process: stamps in one shared map; real mode: stamps in Redis, services on PostgreSQL + RabbitMQ.

let stack: Stack;
let restaurant: Account;
let chef: Account;
let otherChef: Account;

beforeAll(async () => {
  stack = await startStack();
  [restaurant, chef, otherChef] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
}, 60_000);
afterAll(() => stack?.close());

/** A polling client: keeps the last ETag and body per path, like RTK Query with If-None-Match. */
function poller(who: Account) {
  const seen = new Map<string, { etag: string; body: any }>();
  return async (path: string): Promise<{ status: number; body: any }> => {
    const last = seen.get(path);
    const reply: Reply = await stack.call('GET', path, {
      token: who.token,
      headers: last ? { 'if-none-match': last.etag } : {},
    });
    if (reply.status === 304 && last) return { status: 304, body: last.body };
    expectStatus(reply, 200);
    expect(reply.headers.get('x-brigade-revalidate')).toBeNull();
    seen.set(path, { etag: reply.headers.get('etag')!, body: reply.body });
    return { status: 200, body: reply.body };
  };
}

test("a chef polling open shifts sees a new shift, then their own application, then the restaurant's answer", async () => {
  const poll = poller(chef);
  const before = await poll('/api/jobs?status=open');
  // Signing up sets off events that jobs records after the sign-up has answered (the chef's profile moves
  // their own lists' version), so the first poll may come before it: once those have landed, an unchanged
  // list is a 304.
  await eventually(async () => expect((await poll('/api/jobs?status=open')).status).toBe(304), 15_000);

  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const listed = await eventually(async () => {
    const r = await poll('/api/jobs?status=open');
    const found = r.body.jobs.find((j: any) => j.id === job.id);
    if (!found) throw new Error('not listed yet');
    return found;
  }, 15_000);
  expect(listed.user_applied).toBe(false);
  expect(before.body.jobs.some((j: any) => j.id === job.id)).toBe(false);

  const applicationId = await apply(stack, chef, job);
  const mine = (await poll('/api/jobs?status=open')).body.jobs.find((j: any) => j.id === job.id);
  expect(mine.user_applied).toBe(true);
  expect(mine.user_application.id).toBe(applicationId);

  // Another chef's poll of the same list is theirs alone: not applied.
  const other = (await poller(otherChef)('/api/jobs?status=open')).body.jobs.find(
    (j: any) => j.id === job.id,
  );
  expect(other.user_applied).toBe(false);

  // The chef's applications poll shows it, then the restaurant's acceptance.
  const applications = poller(chef);
  expect((await applications('/api/applications')).body.applications.map((a: any) => a.id)).toContain(
    applicationId,
  );
  expect((await applications('/api/applications')).status).toBe(304);
  expectStatus(
    await stack.call('PATCH', `/api/applications/${applicationId}`, {
      token: restaurant.token,
      body: { status: 'rejected' },
    }),
    200,
  );
  const after = await applications('/api/applications');
  expect(after.status).toBe(200);
  expect(after.body.applications.find((a: any) => a.id === applicationId).status).toBe('rejected');
}, 60_000);

test('both sides polling conversations and the thread see each new message at once', async () => {
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  await apply(stack, chef, job);
  const chefConversations = poller(chef);
  const restaurantConversations = poller(restaurant);
  const restaurantThread = poller(restaurant);
  const threadPath = `/api/messages/job/${job.id}?chef_id=${chef.id}`;

  await eventually(async () => {
    const r = await restaurantConversations('/api/messages/conversations');
    if (!r.body.conversations.some((c: any) => c.job_id === job.id)) throw new Error('no thread yet');
  }, 15_000);
  await chefConversations('/api/messages/conversations');
  await restaurantThread(threadPath);
  expect((await restaurantThread(threadPath)).status).toBe(304);

  for (const text of ['Hola, puedo llegar a las 9', 'Perfecto, nos vemos']) {
    expectStatus(
      await stack.call('POST', `/api/messages/job/${job.id}`, { token: chef.token, body: { content: text } }),
      201,
    );
    const thread = await restaurantThread(threadPath);
    expect(thread.status).toBe(200);
    expect(thread.body.messages.at(-1).original_content).toBe(text);
    const list = await restaurantConversations('/api/messages/conversations');
    expect(list.status).toBe(200);
    const conversation = list.body.conversations.find((c: any) => c.job_id === job.id);
    expect(JSON.stringify(conversation)).toContain(text);
    const own = await chefConversations('/api/messages/conversations');
    expect(JSON.stringify(own.body.conversations.find((c: any) => c.job_id === job.id))).toContain(text);
  }
}, 60_000);
