import { randomUUID } from 'node:crypto';
import { startApyStandIn } from './apy-stand-in';
import { startMessaging, type Messaging, type User } from './harness';

// Issue 38: messaging's part of a job's evidence for a card dispute (`GET /ops/jobs/{jobId}/evidence`): the
// job's conversations, each message with its time, side and words, and the translation kept at send time.
// The translator is Apertium's HTTP server as the service reaches it (here a stand-in that marks its
// "translation" with the target language: `ES: <text>`).

let apy: Awaited<ReturnType<typeof startApyStandIn>>;
let m: Messaging;
let restaurant: User;
let chef: User;
let job: Awaited<ReturnType<Messaging['postJob']>>;

type Entry = { section: string; service: string; title: string; text: string; at: string };

beforeAll(async () => {
  apy = await startApyStandIn(({ answer }) => answer());
  m = await startMessaging({ TRANSLATION_PROVIDER: 'apertium', APERTIUM_URL: apy.url });
  restaurant = await m.user('restaurant', { language: 'en', name: 'Blue Door Bistro' });
  chef = await m.user('chef', { language: 'es', name: 'Lucía Ramos' });
  job = await m.postJob(restaurant, 'Prep Cook');
  await m.apply(job, chef);
});
afterAll(async () => {
  await m?.stop();
  await apy?.close();
});

test('the conversation: each message with its time, side and words, and its translation when kept', async () => {
  const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
    content: 'Please come to the back door at four.',
    chef_id: chef.id,
  });
  expect(sent.status).toBe(201);
  expect(
    (await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: 'Hola, llego a las cuatro.' })).status,
  ).toBe(201);

  const res = await m.call(await m.operator(), 'GET', `/ops/jobs/${job.id}/evidence`);
  expect(res.status).toBe(200);
  expect(res.body.job_id).toBe(job.id);
  const entries = res.body.entries as Entry[];
  expect(entries).toHaveLength(1);
  const [thread] = entries;
  expect(thread).toMatchObject({
    section: 'customer_communication',
    service: 'messaging',
    title: 'Messages between the restaurant and Lucía Ramos in Brigade',
    at: sent.body.message.created_at,
  });
  const lines = thread.text.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    /^\w+day, \w+ \d+, 20\d\d at \d+:\d\d [AP]M UTC, restaurant \(Blue Door Bistro\): Please come to the back door at four\. \[Translated to Spanish for the reader: ES: .+\]$/,
  );
  expect(lines[1]).toMatch(/UTC, chef \(Lucía Ramos\): Hola, llego a las cuatro\./);
});

test('a long conversation becomes several entries, each at most 8,000 characters, in order', async () => {
  const long = await m.postJob(restaurant, 'Dishwasher');
  await m.apply(long, chef);
  const words = 'The walk-in cooler is on the left past the dish pit, the keys are with the sous chef. ';
  for (let i = 0; i < 12; i++) {
    const res = await m.call(restaurant, 'POST', `/messages/job/${long.id}`, {
      content: `${i}: ${words.repeat(20)}`.slice(0, 900),
      chef_id: chef.id,
    });
    expect(res.status).toBe(201);
  }
  const { body } = await m.call(await m.operator(), 'GET', `/ops/jobs/${long.id}/evidence`);
  const entries = body.entries as Entry[];
  expect(entries.length).toBeGreaterThan(1);
  entries.forEach((e, i) => {
    expect(e.text.length).toBeLessThanOrEqual(8000);
    expect(e.title).toBe(
      `Messages between the restaurant and Lucía Ramos in Brigade (part ${i + 1} of ${entries.length})`,
    );
  });
  const all = entries.map((e) => e.text).join('\n');
  for (let i = 0; i < 12; i++) expect(all).toContain(`restaurant (Blue Door Bistro): ${i}: The walk-in`);
});

test('a job with no message: an empty part; unknown job too (jobs answers the 404); operators only', async () => {
  const op = await m.operator();
  const quiet = await m.postJob(restaurant, 'Server');
  expect(await m.call(op, 'GET', `/ops/jobs/${quiet.id}/evidence`)).toMatchObject({
    status: 200,
    body: { job_id: quiet.id, entries: [] },
  });
  expect(await m.call(op, 'GET', `/ops/jobs/${randomUUID()}/evidence`)).toMatchObject({
    status: 200,
    body: { entries: [] },
  });
  expect(await m.call(op, 'GET', '/ops/jobs/nope/evidence')).toMatchObject({
    status: 404,
    body: { code: 'OPS.JOB_NOT_FOUND' },
  });
  for (const u of [chef, restaurant])
    expect(await m.call(u, 'GET', `/ops/jobs/${job.id}/evidence`)).toMatchObject({
      status: 403,
      body: { code: 'AUTH.OPERATORS_ONLY' },
    });
  expect((await m.call(null, 'GET', `/ops/jobs/${job.id}/evidence`)).status).toBe(401);
});
