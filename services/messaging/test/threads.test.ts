import { randomUUID } from 'node:crypto';
import { openDatabase, sql } from '@brigade/kit';
import { eventually, requireRealServers } from '@brigade/kit/testing';
import { startMessaging, type Messaging, type User } from './harness';

// Who may read and write which conversation, what each side sees, and the 1000-character rule.
// Runs against PGlite + in-process bus, or PostgreSQL + RabbitMQ when DATABASE_URL / AMQP_URL are set.

let m: Messaging;
let restaurant: User;
let otherRestaurant: User;
let chef: User;
let secondChef: User;
let stranger: User;
let job: Awaited<ReturnType<Messaging['postJob']>>;
let applicationId: string;

beforeAll(async () => {
  m = await startMessaging();
  restaurant = await m.user('restaurant', { name: 'Blue Door Bistro' });
  otherRestaurant = await m.user('restaurant', { name: 'Elsewhere Diner' });
  chef = await m.user('chef', { name: 'Ana Cook' });
  secondChef = await m.user('chef', { name: 'Ben Prep' });
  stranger = await m.user('chef', { name: 'Carl Nobody' });
  job = await m.postJob(restaurant, 'Line Cook Friday');
  applicationId = await m.apply(job, chef);
});
afterAll(async () => {
  await m?.stop();
});

/** Wait until messaging has published that this reader has read up to this message. */
const readPublished = (reader: User, messageId: string) =>
  eventually(() =>
    expect(
      m.published.some(
        (x) =>
          x.type === 'messaging.thread.read.v1' &&
          (x.data as any).reader_id === reader.id &&
          (x.data as any).last_read_message_id === messageId,
      ),
    ).toBe(true),
  );

describe('who can use a thread', () => {
  test('a chef who applied writes to the restaurant, and the restaurant reads it', async () => {
    const sent = await m.call(chef, 'POST', `/messages/job/${job.id}`, {
      content: '  Hi, is parking available?  ',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.user_role).toBe('chef');
    expect(sent.body.message).toMatchObject({
      job_id: job.id,
      sender_id: chef.id,
      content: 'Hi, is parking available?',
      is_from_current_user: true,
      was_translated: false,
    });

    const read = await m.call(restaurant, 'GET', `/messages/job/${job.id}`);
    expect(read.status).toBe(200);
    expect(read.body.user_role).toBe('restaurant');
    expect(read.body.chef_id).toBe(chef.id);
    expect(read.body.messages.at(-1)).toMatchObject({
      id: sent.body.message.id,
      content: 'Hi, is parking available?',
      is_from_current_user: false,
    });
  });

  test('a chef who did not apply sees no thread for the job or the application (404, not 403)', async () => {
    for (const [method, path, body] of [
      ['GET', `/messages/job/${job.id}`, undefined],
      ['POST', `/messages/job/${job.id}`, { content: 'let me in' }],
      ['GET', `/messages/application/${applicationId}`, undefined],
      ['POST', `/messages/application/${applicationId}`, { message: 'let me in' }],
    ] as const) {
      const res = await m.call(stranger, method, path, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Conversation not found', code: 'MESSAGING.THREAD_NOT_FOUND' });
    }
  });

  test("another restaurant cannot read or write a job's thread, even naming the chef", async () => {
    for (const [method, path, body] of [
      ['GET', `/messages/job/${job.id}?chef_id=${chef.id}`, undefined],
      ['POST', `/messages/job/${job.id}`, { content: 'poaching', chef_id: chef.id }],
      ['GET', `/messages/application/${applicationId}`, undefined],
      ['POST', `/messages/application/${applicationId}`, { message: 'poaching' }],
    ] as const) {
      expect((await m.call(otherRestaurant, method, path, body)).status).toBe(404);
    }
  });

  test('without a token nothing is readable, and unknown or malformed ids are simply not found', async () => {
    expect((await m.call(null, 'GET', '/messages/conversations')).status).toBe(401);
    expect((await m.call(null, 'GET', `/messages/job/${job.id}`)).status).toBe(401);
    expect((await m.call(chef, 'GET', '/messages/job/not-a-uuid')).status).toBe(404);
    expect((await m.call(chef, 'GET', `/messages/job/${randomUUID()}`)).status).toBe(404);
    expect((await m.call(restaurant, 'GET', `/messages/application/${randomUUID()}`)).status).toBe(404);
  });

  test('a restaurant with several applicants must say which chef; with chef_id it reaches that chef only', async () => {
    const shift = await m.postJob(restaurant, 'Prep Saturday');
    await m.apply(shift, chef);
    await m.apply(shift, secondChef);

    const ambiguous = await m.call(restaurant, 'POST', `/messages/job/${shift.id}`, {
      content: 'Who is this?',
    });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.code).toBe('MESSAGING.CHEF_REQUIRED');
    expect(ambiguous.body.chef_ids.sort()).toEqual([chef.id, secondChef.id].sort());
    expect((await m.call(restaurant, 'GET', `/messages/job/${shift.id}`)).status).toBe(400);

    const toBen = await m.call(restaurant, 'POST', `/messages/job/${shift.id}`, {
      content: 'Ben, can you start at 7?',
      chef_id: secondChef.id,
    });
    expect(toBen.status).toBe(201);
    const bensView = await m.call(secondChef, 'GET', `/messages/job/${shift.id}`);
    expect(bensView.body.messages.map((x: any) => x.content)).toEqual(['Ben, can you start at 7?']);
    const anasView = await m.call(chef, 'GET', `/messages/job/${shift.id}`);
    expect(anasView.body.messages).toEqual([]);

    // A chef id that did not apply to this job is not a thread.
    expect((await m.call(restaurant, 'GET', `/messages/job/${shift.id}?chef_id=${stranger.id}`)).status).toBe(
      404,
    );
    // A chef cannot reach someone else's thread by naming another chef.
    const sneaky = await m.call(chef, 'GET', `/messages/job/${shift.id}?chef_id=${secondChef.id}`);
    expect(sneaky.body.chef_id).toBe(chef.id);
  });

  test("the application endpoint addresses one application's thread for both sides, with the reader's role", async () => {
    const sent = await m.call(restaurant, 'POST', `/messages/application/${applicationId}`, {
      message: 'Yes, behind the building.',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      user_role: 'restaurant',
      message: { content: 'Yes, behind the building.', is_from_current_user: true },
    });

    const chefView = await m.call(chef, 'GET', `/messages/application/${applicationId}`);
    expect(chefView.status).toBe(200);
    expect(chefView.body.user_role).toBe('chef');
    expect(chefView.body.application_id).toBe(applicationId);
    const last = chefView.body.messages.at(-1);
    expect(last).toMatchObject({
      sender_id: restaurant.id,
      content: 'Yes, behind the building.',
      is_from_current_user: false,
      was_translated: false,
      original_language: 'en',
    });
    expect(last.original_content).toBe('Yes, behind the building.');
  });

  test('a rejected or cancelled applicant keeps the conversation history', async () => {
    const shift = await m.postJob(restaurant, 'Dish Sunday');
    const appId = await m.apply(shift, secondChef);
    await m.call(secondChef, 'POST', `/messages/job/${shift.id}`, { content: 'Still need help?' });
    await m.applicationEvent('jobs.application.rejected.v1', shift, secondChef, appId);
    await eventually(async () => {
      const list = await m.call(secondChef, 'GET', '/messages/conversations');
      expect(list.body.conversations.find((c: any) => c.job_id === shift.id).application_status).toBe(
        'rejected',
      );
    });
    const thread = await m.call(secondChef, 'GET', `/messages/job/${shift.id}`);
    expect(thread.body.messages.map((x: any) => x.content)).toEqual(['Still need help?']);
  });
});

describe('what a message may contain', () => {
  test('an empty or blank message is refused and nothing is stored', async () => {
    const before = await m.call(chef, 'GET', `/messages/application/${applicationId}`);
    for (const body of [{ content: '' }, { content: '    \n ' }, {}, { content: 42 }]) {
      const res = await m.call(chef, 'POST', `/messages/job/${job.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Message cannot be empty');
    }
    expect(
      (await m.call(chef, 'POST', `/messages/application/${applicationId}`, { message: ' ' })).status,
    ).toBe(400);
    expect((await m.call(chef, 'POST', `/messages/job/${job.id}`, 'not json')).status).toBe(400);
    const after = await m.call(chef, 'GET', `/messages/application/${applicationId}`);
    expect(after.body.messages).toHaveLength(before.body.messages.length);
  });

  test('1000 characters go through; 1001 are refused with the limit in the text', async () => {
    const exactly = 'a'.repeat(1000);
    const ok = await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: exactly });
    expect(ok.status).toBe(201);
    expect(ok.body.message.content).toHaveLength(1000);

    const tooLong = await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: 'a'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: 'Message must be 1000 characters or less',
      code: 'VALIDATION.FAILED',
    });
    // Surrounding spaces do not count.
    expect(
      (await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: `  ${exactly}  ` })).status,
    ).toBe(201);
  });
});

describe('a retried send (issue 32: the web app shows "sending", then Retry on a failure)', () => {
  test('a message resent with the same client_id is stored once: the retry answers the stored message', async () => {
    const r = await m.user('restaurant');
    const c = await m.user('chef');
    const shift = await m.postJob(r, 'Retry Shift');
    const appId = await m.apply(shift, c);
    const sentEvents = (id: string) =>
      m.published.filter((x) => x.type === 'messaging.message.sent.v1' && (x.data as any).message_id === id);

    const clientId = randomUUID();
    const first = await m.call(c, 'POST', `/messages/job/${shift.id}`, {
      content: 'Running five minutes late',
      client_id: clientId,
    });
    const retry = await m.call(c, 'POST', `/messages/job/${shift.id}`, {
      content: 'Running five minutes late',
      client_id: clientId,
    });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.message).toEqual(first.body.message);
    expect(first.body.message.client_id).toBe(clientId);

    // three copies of one send at once (the same client id through the application's endpoint): one message
    const other = randomUUID();
    const copies = await Promise.all(
      [1, 2, 3].map(() =>
        m.call(c, 'POST', `/messages/application/${appId}`, { message: 'On my way', client_id: other }),
      ),
    );
    expect(copies.map((x) => x.status)).toEqual([201, 201, 201]);
    expect(new Set(copies.map((x) => x.body.message.id)).size).toBe(1);

    const thread = (await m.call(c, 'GET', `/messages/job/${shift.id}`)).body.messages;
    expect(thread.map((x: any) => x.content)).toEqual(['Running five minutes late', 'On my way']);
    const seen = (await m.call(r, 'GET', '/messages/conversations')).body.conversations.find(
      (x: any) => x.job_id === shift.id,
    );
    expect(seen.unread_count).toBe(2);
    // the restaurant reads the messages, without the chef's client ids
    const read = (await m.call(r, 'GET', `/messages/job/${shift.id}`)).body.messages;
    expect(read.map((x: any) => x.client_id)).toEqual([undefined, undefined]);
    await eventually(() => expect(sentEvents(copies[0].body.message.id)).toHaveLength(1));
    expect(sentEvents(first.body.message.id)).toHaveLength(1);

    // the same client id from the other side is its own message; a malformed one is refused, nothing stored
    const answer = await m.call(r, 'POST', `/messages/job/${shift.id}`, {
      content: 'Thanks',
      client_id: clientId,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message.id).not.toBe(first.body.message.id);
    const bad = await m.call(c, 'POST', `/messages/job/${shift.id}`, { content: 'x', client_id: 'not ok!' });
    expect(bad.status).toBe(400);
    expect((await m.call(c, 'GET', `/messages/job/${shift.id}`)).body.messages).toHaveLength(3);
  });
});

describe('conversations and unread counts', () => {
  test('unread counts follow a conversation: each side sees what the other wrote until they open the thread', async () => {
    const r = await m.user('restaurant', { name: 'Taqueria Sol' });
    const c = await m.user('chef', { name: 'Dana Grill' });
    const shift = await m.postJob(r, 'Grill Cook Thursday');
    await m.apply(shift, c);
    const convo = async (u: User) =>
      (await m.call(u, 'GET', '/messages/conversations')).body.conversations.find(
        (x: any) => x.job_id === shift.id,
      );

    expect(await convo(c)).toMatchObject({
      job_title: 'Grill Cook Thursday',
      restaurant_name: 'Taqueria Sol',
      chef_name: 'Dana Grill',
      other_party_name: 'Taqueria Sol',
      latest_message: null,
      unread_count: 0,
    });
    expect(await convo(r)).toMatchObject({ other_party_name: 'Dana Grill', chef_id: c.id, unread_count: 0 });

    await m.call(r, 'POST', `/messages/job/${shift.id}`, { content: 'Welcome aboard!' });
    await m.call(r, 'POST', `/messages/job/${shift.id}`, { content: 'Bring non-slip shoes.' });
    expect(await convo(c)).toMatchObject({
      unread_count: 2,
      latest_message: { content: 'Bring non-slip shoes.' },
    });
    expect((await convo(r)).unread_count).toBe(0); // your own messages are never unread

    await m.call(c, 'GET', `/messages/job/${shift.id}`);
    expect((await convo(c)).unread_count).toBe(0);

    await m.call(c, 'POST', `/messages/job/${shift.id}`, { content: 'Will do, thanks!' });
    expect(await convo(r)).toMatchObject({
      unread_count: 1,
      latest_message: { content: 'Will do, thanks!' },
    });
    expect((await convo(c)).unread_count).toBe(0);
    await m.call(r, 'GET', `/messages/application/${(await convo(r)).application_id}`);
    expect((await convo(r)).unread_count).toBe(0);
  });

  test('the conversation list is ordered by latest activity and shows a renamed restaurant', async () => {
    const r = await m.user('restaurant', { name: 'Old Name' });
    const c = await m.user('chef');
    const first = await m.postJob(r, 'First');
    const second = await m.postJob(r, 'Second');
    await m.apply(first, c);
    await m.apply(second, c);
    await m.call(c, 'POST', `/messages/job/${first.id}`, { content: 'Hello first' });
    let list = (await m.call(c, 'GET', '/messages/conversations')).body.conversations;
    expect(list.map((x: any) => x.job_title)).toEqual(['First', 'Second']);

    await m.profile(r, 'New Name');
    await eventually(async () => {
      list = (await m.call(c, 'GET', '/messages/conversations')).body.conversations;
      expect(list.every((x: any) => x.restaurant_name === 'New Name')).toBe(true);
    });
    expect(list[0].chef_name).toBeNull(); // no chef profile yet: no name is made up
  });

  test('a user with no applications has an empty list', async () => {
    const fresh = await m.user('chef');
    const res = await m.call(fresh, 'GET', '/messages/conversations');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ conversations: [] });
  });
});

describe('polling stays cheap', () => {
  test('an unchanged thread answers 304 to its ETag; a new message makes it 200 again', async () => {
    const first = await m.call(chef, 'GET', `/messages/job/${job.id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await m.call(chef, 'GET', `/messages/job/${job.id}`, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    await m.call(restaurant, 'POST', `/messages/job/${job.id}`, { content: 'One more thing.' });
    const changed = await m.call(chef, 'GET', `/messages/job/${job.id}`, undefined, {
      'if-none-match': etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.messages.at(-1).content).toBe('One more thing.');
    // Another reader never gets a 304 for someone else's tag.
    expect(
      (
        await m.call(restaurant, 'GET', `/messages/job/${job.id}`, undefined, {
          'if-none-match': changed.headers.get('etag')!,
        })
      ).status,
    ).toBe(200);
  });

  test('since returns only newer messages, by message id or by time', async () => {
    const all = (await m.call(chef, 'GET', `/messages/job/${job.id}`)).body.messages;
    const cursor = all.at(-1);
    const none = await m.call(chef, 'GET', `/messages/job/${job.id}?since=${cursor.id}`);
    expect(none.body.messages).toEqual([]);

    const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, { content: 'See you at 6.' });
    const byId = await m.call(chef, 'GET', `/messages/job/${job.id}?since=${cursor.id}`);
    expect(byId.body.messages.map((x: any) => x.id)).toEqual([sent.body.message.id]);
    const byTime = await m.call(
      chef,
      'GET',
      `/messages/job/${job.id}?since=${encodeURIComponent(cursor.created_at)}`,
    );
    expect(byTime.body.messages.map((x: any) => x.id)).toEqual([sent.body.message.id]);

    const limited = await m.call(chef, 'GET', `/messages/job/${job.id}?limit=2`);
    expect(limited.body.messages.map((x: any) => x.id)).toEqual(
      all
        .slice(-1)
        .map((x: any) => x.id)
        .concat(sent.body.message.id),
    );

    for (const bad of ['yesterday', randomUUID()]) {
      const res = await m.call(chef, 'GET', `/messages/job/${job.id}?since=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('MESSAGING.BAD_CURSOR');
    }
    expect((await m.call(chef, 'GET', `/messages/job/${job.id}?limit=0`)).status).toBe(400);
  });

  test('a poll after a message id answers in one round trip exactly as a revalidating poll does', async () => {
    // Without If-None-Match the thread and the poll are read together; a stale tag takes the other path
    // (the thread first, then the poll): both answer the same status, tag and body, whoever asks.
    const shift = await m.postJob(restaurant, 'Dinner Sunday');
    await m.apply(shift, chef);
    await m.apply(shift, secondChef);
    const first = await m.call(restaurant, 'POST', `/messages/job/${shift.id}`, {
      content: 'Can you start at 5?',
      chef_id: chef.id,
    });
    const reply = await m.call(chef, 'POST', `/messages/job/${shift.id}`, { content: 'Yes, at 5.' });
    const stale = { 'if-none-match': 'W/"stale"' };
    const asks = [
      [chef, `/messages/job/${shift.id}?since=${first.body.message.id}`],
      [chef, `/messages/job/${shift.id}?since=${reply.body.message.id}`],
      [restaurant, `/messages/job/${shift.id}?chef_id=${chef.id}&since=${first.body.message.id}&limit=1`],
      [secondChef, `/messages/job/${shift.id}?since=${first.body.message.id}`],
      [otherRestaurant, `/messages/job/${shift.id}?chef_id=${chef.id}&since=${first.body.message.id}`],
      [stranger, `/messages/job/${shift.id}?since=${first.body.message.id}`],
      [chef, `/messages/job/${shift.id}?since=${randomUUID()}`],
    ] as const;
    const statuses: number[] = [];
    for (const [who, path] of asks) {
      const once = await m.call(who, 'GET', path);
      const revalidated = await m.call(who, 'GET', path, undefined, stale);
      expect(once.status).toBe(revalidated.status);
      expect(once.headers.get('etag')).toBe(revalidated.headers.get('etag'));
      expect(once.body).toEqual(revalidated.body);
      statuses.push(once.status);
    }
    expect(statuses).toEqual([200, 200, 200, 400, 404, 404, 400]);
    const afterFirst = await m.call(chef, 'GET', asks[0][1]);
    expect(afterFirst.body.messages.map((x: any) => x.content)).toEqual(['Yes, at 5.']);
  });

  test('the conversation list answers 304 until something in it changes', async () => {
    const first = await m.call(restaurant, 'GET', '/messages/conversations');
    const etag = first.headers.get('etag')!;
    expect(
      (await m.call(restaurant, 'GET', '/messages/conversations', undefined, { 'if-none-match': etag }))
        .status,
    ).toBe(304);

    await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: 'On my way.' });
    const changed = await m.call(restaurant, 'GET', '/messages/conversations', undefined, {
      'if-none-match': etag,
    });
    expect(changed.status).toBe(200);
    const convo = changed.body.conversations.find((c: any) => c.job_id === job.id);
    expect(convo.latest_message.content).toBe('On my way.');

    // Opening the thread changes the unread count, so the list changes too.
    const etag2 = changed.headers.get('etag')!;
    await m.call(restaurant, 'GET', `/messages/job/${job.id}?chef_id=${chef.id}`);
    expect(
      (await m.call(restaurant, 'GET', '/messages/conversations', undefined, { 'if-none-match': etag2 }))
        .status,
    ).toBe(200);
  });

  test('the list reads the same with or without an old ETag, headers included; an empty list revalidates too', async () => {
    const plain = await m.call(restaurant, 'GET', '/messages/conversations');
    const stale = await m.call(restaurant, 'GET', '/messages/conversations', undefined, {
      'if-none-match': 'W/"c-stale"',
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(plain.body);
    for (const h of ['etag', 'cache-control', 'content-type', 'content-length'])
      expect(stale.headers.get(h)).toBe(plain.headers.get(h));
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(
      (
        await m.call(restaurant, 'GET', '/messages/conversations', undefined, {
          'if-none-match': plain.headers.get('etag')!,
        })
      ).status,
    ).toBe(304);

    const newcomer = await m.user('chef', { name: 'New Chef' });
    const empty = await m.call(newcomer, 'GET', '/messages/conversations');
    expect(empty.body).toEqual({ conversations: [] });
    expect(
      (
        await m.call(newcomer, 'GET', '/messages/conversations', undefined, {
          'if-none-match': empty.headers.get('etag')!,
        })
      ).status,
    ).toBe(304);
  });
});

describe('events for notifications', () => {
  test('a sent message is published with both sides, and opening the thread publishes a read', async () => {
    const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, { content: 'Shift confirmed.' });
    const messageId = sent.body.message.id;
    const event = await eventually(() => {
      const e = m.published.find(
        (x) => x.type === 'messaging.message.sent.v1' && (x.data as any).message_id === messageId,
      );
      expect(e).toBeDefined();
      return e!;
    });
    expect(event.producer).toBe('messaging');
    expect(event.data).toMatchObject({
      job_id: job.id,
      job_title: 'Line Cook Friday',
      chef_id: chef.id,
      restaurant_id: restaurant.id,
      sender_id: restaurant.id,
      recipient_id: chef.id,
      application_id: applicationId,
      sender_type: 'restaurant',
    });

    await m.call(chef, 'GET', `/messages/job/${job.id}`);
    await readPublished(chef, messageId);
  });

  test('polling an unchanged thread writes nothing; a new message is marked read on the next poll', async () => {
    // What messaging wrote for this reader: its outbox rows (published reads) and its read marker.
    const written = async () => {
      const [row] = await m.database.rows<{ reads: number; read_at: string }>(
        sql`select (select count(*)::int from messaging.outbox
                     where type = 'messaging.thread.read.v1' and payload->>'reader_id' = ${chef.id}) as reads,
                   (select read_at::text from messaging.thread_reads
                     where job_id = ${job.id} and chef_id = ${chef.id} and reader_id = ${chef.id}) as read_at`,
      );
      return row;
    };
    await m.call(chef, 'GET', `/messages/job/${job.id}`);
    const before = await written();
    expect(before.reads).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const res = await m.call(chef, 'GET', `/messages/job/${job.id}`);
      expect(res.status).toBe(200);
    }
    expect(await written()).toEqual(before);

    const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
      content: 'Bring your knives.',
    });
    await m.call(chef, 'GET', `/messages/job/${job.id}`);
    expect((await written()).reads).toBe(before.reads + 1);
    await readPublished(chef, sent.body.message.id);

    // The same with the client's own poll, after the last message it has (cursor, messages and read marker
    // in one round trip): nothing new, nothing written; a new message is returned and marked read.
    const afterLast = `/messages/job/${job.id}?since=${sent.body.message.id}`;
    const seen = await written();
    for (let i = 0; i < 3; i++)
      expect(await m.call(chef, 'GET', afterLast)).toMatchObject({ status: 200, body: { messages: [] } });
    expect(await written()).toEqual(seen);
    const next = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, { content: 'And an apron.' });
    const polled = await m.call(chef, 'GET', afterLast);
    expect(polled.body.messages.map((x: any) => x.id)).toEqual([next.body.message.id]);
    expect((await written()).reads).toBe(seen.reads + 1);
    await readPublished(chef, next.body.message.id);
  });

  // Real PostgreSQL only: the race needs polls in separate connections (PGlite has one).
  (requireRealServers('DATABASE_URL') ? test : test.skip)(
    'many polls of one thread at once (tabs, retries) record and announce its read once',
    async () => {
      const j = await m.postJob(restaurant, 'Busy Saturday');
      await m.apply(j, secondChef);
      await m.call(restaurant, 'POST', `/messages/job/${j.id}`, {
        content: 'See you Saturday.',
        chef_id: secondChef.id,
      });
      const reads = async () => {
        const [row] = await m.database.rows<{ n: number }>(
          sql`select count(*)::int as n from messaging.outbox
              where type = 'messaging.thread.read.v1' and payload->>'reader_id' = ${secondChef.id}
                and payload->>'job_id' = ${j.id}`,
        );
        return row.n;
      };
      // The thread never read, then twenty polls of it at the same moment, all finding no marker: the chef's inbox
      // row is held meanwhile, so the first poll's marker stays uncommitted while the others look for one.
      // (a connection of the test's own, besides the service's pool)
      const [{ name }] = await m.database.rows<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const own = await openDatabase({ url: url.toString(), poolSize: 2 }, 'messaging');
      let release = () => undefined as void;
      let locked = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = own.transaction(async (tx) => {
        const rows = await own.rows(
          sql`select 1 from messaging.inboxes where user_id = ${secondChef.id} for update`,
          tx,
        );
        expect(rows).toHaveLength(1);
        locked();
        await held;
      });
      await Promise.race([isLocked, holder]); // the polls start once the inbox is held
      const polls = Promise.all(
        Array.from({ length: 20 }, () => m.call(secondChef, 'GET', `/messages/job/${j.id}`)),
      );
      try {
        await eventually(async () => {
          const [w] = await own.rows<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          );
          expect(w.n).toBeGreaterThanOrEqual(2); // the first poll on the inbox, the next on its marker
        });
      } finally {
        release();
        await holder;
        await own.close();
      }
      expect((await polls).map((p) => p.status)).toEqual(Array(20).fill(200));
      expect(await reads()).toBe(1);
      const list = (await m.call(secondChef, 'GET', '/messages/conversations')).body.conversations;
      expect(list.find((c: any) => c.job_id === j.id)).toMatchObject({ unread_count: 0 });
    },
  );
});

describe('with translation switched off (TRANSLATION_PROVIDER=none)', () => {
  test('GET /messages/translation says none to members and operators, 401 without a token', async () => {
    for (const reader of [chef, restaurant, await m.operator()])
      expect(await m.call(reader, 'GET', '/messages/translation')).toMatchObject({
        status: 200,
        body: { provider: 'none', pairs: [] },
      });
    expect((await m.call(null, 'GET', '/messages/translation')).status).toBe(401);
  });

  test('messages are delivered as written, say they were not translated, and keep the detected language', async () => {
    const r = await m.user('restaurant', { language: 'en' });
    const c = await m.user('chef', { language: 'es' });
    const shift = await m.postJob(r, 'Server Friday');
    await m.apply(shift, c);
    await m.call(c, 'POST', `/messages/job/${shift.id}`, {
      content: 'Hola, ¿necesitan ayuda el viernes por la noche?',
    });
    const seen = (await m.call(r, 'GET', `/messages/job/${shift.id}`)).body.messages[0];
    expect(seen).toMatchObject({
      content: 'Hola, ¿necesitan ayuda el viernes por la noche?',
      original_content: 'Hola, ¿necesitan ayuda el viernes por la noche?',
      was_translated: false,
      original_language: 'es',
    });
  });
});

describe('under load and out of order', () => {
  test('messages sent at the same moment by both sides all arrive once, in one order, and a since cursor skips none', async () => {
    const r = await m.user('restaurant');
    const c = await m.user('chef');
    const shift = await m.postJob(r, 'Rush Hour');
    await m.apply(shift, c);
    const first = await m.call(c, 'POST', `/messages/job/${shift.id}`, { content: 'message zero' });

    const sends = Array.from({ length: 12 }, (_, i) =>
      m.call(i % 2 ? r : c, 'POST', `/messages/job/${shift.id}`, { content: `burst ${i}` }),
    );
    const results = await Promise.all(sends);
    expect(results.every((x) => x.status === 201)).toBe(true);

    const all = (await m.call(c, 'GET', `/messages/job/${shift.id}`)).body.messages;
    expect(all).toHaveLength(13);
    expect(new Set(all.map((x: any) => x.id)).size).toBe(13);
    const times = all.map((x: any) => Date.parse(x.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const after = (await m.call(c, 'GET', `/messages/job/${shift.id}?since=${first.body.message.id}`)).body
      .messages;
    expect(after.map((x: any) => x.id)).toEqual(all.slice(1).map((x: any) => x.id));

    const restaurantSide = (await m.call(r, 'GET', '/messages/conversations')).body.conversations.find(
      (x: any) => x.job_id === shift.id,
    );
    expect(restaurantSide.unread_count).toBe(7); // message zero and the chef's six burst messages
  });

  test('an application event that arrives late or twice does not undo a newer status', async () => {
    const r = await m.user('restaurant');
    const c = await m.user('chef');
    const shift = await m.postJob(r, 'Late Events');
    const appId = await m.apply(shift, c);
    await m.applicationEvent('jobs.application.accepted.v1', shift, c, appId);
    const status = async () =>
      (await m.call(c, 'GET', '/messages/conversations')).body.conversations.find(
        (x: any) => x.job_id === shift.id,
      ).application_status;
    await eventually(async () => expect(await status()).toBe('accepted'));

    // The submitted event again, stamped earlier (a redelivery from a lagging queue).
    await m.bus.publish({
      id: randomUUID(),
      type: 'jobs.application.submitted.v1',
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      producer: 'jobs',
      data: {
        application_id: appId,
        job_id: shift.id,
        job_title: shift.title,
        chef_id: c.id,
        chef_profile_id: null,
        restaurant_id: r.id,
        start_time: new Date().toISOString(),
        end_time: new Date().toISOString(),
      },
    });
    await m.applicationEvent('jobs.application.cancelled.v1', shift, c, appId);
    await eventually(async () => expect(await status()).toBe('cancelled'));
  });
});
