import { randomUUID } from 'node:crypto';
import { eventually } from '@brigade/kit/testing';
import { startMessaging, type Messaging, type User } from './harness';

// Issue 17 without a translator (the default): statements are still published for the operator, with
// translated_text null; and the operator's view of a job's threads.

let m: Messaging;
let restaurant: User;
let chef: User;
let job: Awaited<ReturnType<Messaging['postJob']>>;

beforeAll(async () => {
  m = await startMessaging();
  restaurant = await m.user('restaurant', { language: 'en', name: 'Blue Door Bistro' });
  chef = await m.user('chef', { language: 'es', name: 'Lucía Ramos' });
  job = await m.postJob(restaurant, 'Prep Cook');
  await m.apply(job, chef);
});
afterAll(async () => {
  await m?.stop();
});

test('no translator: the statement is published once with translated_text null, even delivered twice', async () => {
  const eventId = randomUUID();
  const id = await m.statement(job, chef, chef, 'Me fui porque la cocina cerró temprano esa noche.', {
    eventId,
  });
  await m.statement(job, chef, chef, 'Me fui porque la cocina cerró temprano esa noche.', {
    eventId,
    statementId: id,
  });
  await eventually(() => expect(m.translations(id)).toHaveLength(1));
  expect(m.translations(id)[0].data).toEqual({
    statement_id: id,
    job_id: job.id,
    translated_text: null,
    translated_language: 'en',
    provider: 'none',
  });
  await new Promise((r) => setTimeout(r, 300));
  expect(m.translations(id)).toHaveLength(1);
});

test('an operator reads every message of the job, oldest first, with sender and time', async () => {
  const other = await m.user('chef', { language: 'en', name: 'Sam Lee' });
  await m.apply(job, other);
  expect(
    (await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: 'Hola, llego a las 5.' })).status,
  ).toBe(201);
  expect(
    (
      await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
        content: 'See you then.',
        chef_id: chef.id,
      })
    ).status,
  ).toBe(201);
  expect(
    (await m.call(other, 'POST', `/messages/job/${job.id}`, { content: 'Is parking free?' })).status,
  ).toBe(201);

  const res = await m.call(await m.operator(), 'GET', `/ops/jobs/${job.id}/messages`);
  expect(res.status).toBe(200);
  expect(res.body.messages).toEqual([
    expect.objectContaining({
      sender_id: chef.id,
      sender_type: 'chef',
      text: 'Hola, llego a las 5.',
      language: 'es',
      translated_text: null,
    }),
    expect.objectContaining({
      sender_id: restaurant.id,
      sender_type: 'restaurant',
      text: 'See you then.',
      language: 'en',
    }),
    expect.objectContaining({ sender_id: other.id, sender_type: 'chef', text: 'Is parking free?' }),
  ]);
  for (const msg of res.body.messages) expect(new Date(msg.created_at).toISOString()).toBe(msg.created_at);
});

test('only operators: chefs and restaurants 403, no token 401, an unknown job 404', async () => {
  for (const u of [chef, restaurant]) {
    const res = await m.call(u, 'GET', `/ops/jobs/${job.id}/messages`);
    expect(res).toMatchObject({ status: 403, body: { code: 'AUTH.OPERATORS_ONLY' } });
  }
  expect((await m.call(null, 'GET', `/ops/jobs/${job.id}/messages`)).status).toBe(401);
  const op = await m.operator();
  expect(await m.call(op, 'GET', `/ops/jobs/${randomUUID()}/messages`)).toMatchObject({
    status: 404,
    body: { code: 'MESSAGING.JOB_NOT_FOUND' },
  });
  expect((await m.call(op, 'GET', '/ops/jobs/nope/messages')).status).toBe(404);
  // A job with no message yet: an empty list.
  const quiet = await m.postJob(restaurant, 'Dishwasher');
  await eventually(async () =>
    expect(await m.call(op, 'GET', `/ops/jobs/${quiet.id}/messages`)).toMatchObject({
      status: 200,
      body: { messages: [] },
    }),
  );
});
