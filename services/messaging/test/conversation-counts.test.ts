import { randomUUID } from 'node:crypto';
import { migrate, sql, type AuthUser, type Database } from '@brigade/kit';
import { createTestDatabase, eventually } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';
import { listConversations } from '../src/queries/list-conversations';
import { startMessaging, type Messaging, type User } from './harness';

// Issue 22: the conversation list reads one row per thread: the unread counts from counters (the messages each
// side sent, the other side's messages each read marker covers) instead of counting messages, and the job's
// title, both names and the latest message from the thread's own copies, kept by triggers (migration 0004).
// After every step the list must equal a plain recount from the messages, the jobs and the participants, and
// the counters must be whole (the list trusts them) and equal to that recount.

let m: Messaging;
afterAll(async () => {
  await m?.stop();
});

/** Unread, latest message, title and names of every thread of `user`, read from where each lives. */
async function recount(database: Database, user: { id: string }) {
  const rows = await database.rows<{
    job_id: string;
    chef_id: string;
    unread: string;
    content: string | null;
    at: Date | null;
    job_title: string | null;
    restaurant_name: string | null;
    chef_name: string | null;
  }>(
    sql`select t.job_id, t.chef_id,
          (select j.title from messaging.jobs j where j.job_id = t.job_id) as job_title,
          (select p.name from messaging.participants p where p.user_id = t.restaurant_id) as restaurant_name,
          (select p.name from messaging.participants p where p.user_id = t.chef_id) as chef_name,
          (select count(*) from messaging.messages u
            where u.job_id = t.job_id and u.chef_id = t.chef_id and u.sender_id <> ${user.id}
              and u.seq > coalesce((select r.last_read_seq from messaging.thread_reads r
                                    where r.job_id = t.job_id and r.chef_id = t.chef_id and r.reader_id = ${user.id}), 0)) as unread,
          (select original_content from messaging.messages l where l.job_id = t.job_id and l.chef_id = t.chef_id
            order by seq desc limit 1) as content,
          (select created_at from messaging.messages l where l.job_id = t.job_id and l.chef_id = t.chef_id
            order by seq desc limit 1) as at
        from messaging.threads t where t.chef_id = ${user.id} or t.restaurant_id = ${user.id}`,
  );
  return new Map(
    rows.map((r) => [
      `${r.job_id}/${r.chef_id}`,
      {
        unread_count: Number(r.unread),
        latest_message:
          r.at === null ? null : { content: r.content, created_at: new Date(r.at).toISOString() },
        job_title: r.job_title ?? '',
        restaurant_name: r.restaurant_name,
        chef_name: r.chef_name,
      },
    ]),
  );
}

/** The counters as stored, against what they count. Empty when every counter is whole and right. */
async function wrongCounters(database: Database) {
  return database.rows(
    sql`select 'thread' as kind, t.job_id, t.chef_id, t.chef_sent, t.restaurant_sent, t.last_seq
        from messaging.threads t
        where t.chef_sent <> (select count(*) from messaging.messages m
                              where m.job_id = t.job_id and m.chef_id = t.chef_id and m.sender_id = t.chef_id)
           or t.restaurant_sent <> (select count(*) from messaging.messages m
                                    where m.job_id = t.job_id and m.chef_id = t.chef_id and m.sender_id <> t.chef_id)
        union all
        select 'read', r.job_id, r.chef_id, r.other_read, r.other_read_seq, r.last_read_seq
        from messaging.thread_reads r
        where r.other_read_seq <> r.last_read_seq
           or r.other_read <> (select count(*) from messaging.messages m
                               where m.job_id = r.job_id and m.chef_id = r.chef_id
                                 and m.seq <= r.last_read_seq and m.sender_id <> r.reader_id)`,
  );
}

/** The list as `user` gets it over HTTP, by thread, with the fields the recount has. */
async function listed(user: User) {
  const res = await m.call(user, 'GET', '/messages/conversations');
  expect(res.status).toBe(200);
  return new Map(
    (res.body.conversations as any[]).map((c) => [
      `${c.job_id}/${c.chef_id}`,
      {
        unread_count: c.unread_count,
        latest_message: c.latest_message,
        job_title: c.job_title,
        restaurant_name: c.restaurant_name,
        chef_name: c.chef_name,
      },
    ]),
  );
}

describe('unread counts and latest messages from counters', () => {
  let restaurant: User;
  let chefs: User[];
  let jobs: Awaited<ReturnType<Messaging['postJob']>>[];

  beforeAll(async () => {
    m = await startMessaging();
    restaurant = await m.user('restaurant', { name: 'Counting House' });
    chefs = [await m.user('chef', { name: 'Chef One' }), await m.user('chef', { name: 'Chef Two' })];
    jobs = [await m.postJob(restaurant, 'Prep Monday'), await m.postJob(restaurant, 'Prep Tuesday')];
    // Chef one on both jobs, chef two on the first: the restaurant has three threads, chef one two.
    await m.apply(jobs[0], chefs[0]);
    await m.apply(jobs[1], chefs[0]);
    await m.apply(jobs[0], chefs[1]);
  }, 60_000);

  async function check() {
    for (const u of [restaurant, ...chefs]) expect(await listed(u)).toEqual(await recount(m.database, u));
    expect(await wrongCounters(m.database)).toEqual([]);
  }

  const path = (job: { id: string }, chef: User, asRestaurant: boolean) =>
    `/messages/job/${job.id}${asRestaurant ? `?chef_id=${chef.id}` : ''}`;
  const send = async (from: User, job: { id: string }, chef: User, content: string) => {
    const body = from.type === 'restaurant' ? { content, chef_id: chef.id } : { content };
    const res = await m.call(from, 'POST', `/messages/job/${job.id}`, body);
    expect(res.status).toBe(201);
    return res.body.message.id as string;
  };
  /** Read the whole thread, or (after `since`) just the next message: the marker stops in the middle. */
  const read = async (reader: User, job: { id: string }, chef: User, since?: string) => {
    const base = path(job, chef, reader.type === 'restaurant');
    const query = since ? `${base.includes('?') ? '&' : '?'}since=${since}&limit=1` : '';
    const res = await m.call(reader, 'GET', `${base}${query}`);
    expect(res.status).toBe(200);
  };

  test('sends from both sides, whole and partial reads, and a send racing a read', async () => {
    const [c1, c2] = chefs;
    const [j1, j2] = jobs;
    await check();
    const first = await send(restaurant, j1, c1, 'Welcome to the team');
    await send(restaurant, j1, c1, 'Aprons are provided');
    await send(c1, j1, c1, 'Thanks!');
    await send(restaurant, j2, c1, 'Tuesday too?');
    await send(c2, j1, c2, 'Hello from chef two');
    await check();
    // Chef one reads one message of three (the marker stops after the first), then the restaurant writes more.
    await read(c1, j1, c1, first);
    await check();
    await send(restaurant, j1, c1, 'Parking is at the back');
    await read(restaurant, j1, c2);
    await check();
    await read(c1, j1, c1);
    await read(restaurant, j1, c1);
    const otherThread = await send(c1, j2, c1, 'Yes, Tuesday works');
    await check();
    // A cursor from another thread (found by its id alone, then matched to the thread) is not this thread's.
    const foreign = await m.call(c1, 'GET', `/messages/job/${j1.id}?since=${otherThread}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('MESSAGING.BAD_CURSOR');
    // An older read (a since that names the first message) never moves a marker back.
    await read(c1, j1, c1, first);
    await check();
    // Sends and reads at the same time, on the same thread, from both sides.
    for (let round = 0; round < 4; round++) {
      await Promise.all([
        send(restaurant, j1, c1, `Update ${round}`),
        read(c1, j1, c1),
        send(c1, j1, c1, `Ack ${round}`),
        read(restaurant, j1, c1),
        send(c2, j1, c2, `Chef two ${round}`),
      ]);
      await check();
    }
    await read(c1, j1, c1);
    await read(c1, j2, c1);
    await read(restaurant, j1, c1);
    await check();
  }, 60_000);

  test("each thread names its job and both sides, for the restaurant's list and each chef's", async () => {
    // The restaurant's list reads the title and names per thread (not joined); both forms answer the same.
    const titles = new Map(jobs.map((j, i) => [j.id, i === 0 ? 'Prep Monday' : 'Prep Tuesday']));
    const chefNames = new Map(chefs.map((c, i) => [c.id, i === 0 ? 'Chef One' : 'Chef Two']));
    for (const u of [restaurant, ...chefs]) {
      const res = await m.call(u, 'GET', '/messages/conversations');
      expect(res.status).toBe(200);
      const got = (res.body.conversations as any[]).map((c) => [
        c.job_id,
        c.chef_id,
        c.job_title,
        c.restaurant_name,
        c.chef_name,
        c.other_party_name,
      ]);
      const expected = (res.body.conversations as any[]).map((c) => [
        c.job_id,
        c.chef_id,
        titles.get(c.job_id),
        'Counting House',
        chefNames.get(c.chef_id),
        u.type === 'chef' ? 'Counting House' : chefNames.get(c.chef_id),
      ]);
      expect(got).toEqual(expected);
      expect(got.length).toBe(u === restaurant ? 3 : u === chefs[0] ? 2 : 1);
    }
  });

  test('a thread made before its people are known shows their names once they are, and every rename and new title after', async () => {
    const r = await m.user('restaurant');
    const c = await m.user('chef');
    const job = { id: randomUUID(), title: 'Late Title', restaurant: r };
    // The application's event (which carries the job's title) arrives before either profile.
    await m.applicationEvent('jobs.application.submitted.v1', job, c, randomUUID());
    const shown = async (expected: object) => {
      await eventually(async () => {
        for (const u of [r, c]) expect([...(await listed(u)).values()][0]).toMatchObject(expected);
      });
      await check();
      // Shown from the thread's own copies (the list's one row), not only from their sources.
      const [copy] = await m.database.rows(
        sql`select job_title, restaurant_name, chef_name from messaging.threads where job_id = ${job.id}`,
      );
      expect(copy).toEqual(expected);
    };
    await shown({ job_title: 'Late Title', restaurant_name: null, chef_name: null });
    await m.profile(r, 'Late Kitchen');
    await m.profile(c, 'Late Chef');
    await shown({ job_title: 'Late Title', restaurant_name: 'Late Kitchen', chef_name: 'Late Chef' });
    await m.profile(r, 'Renamed Kitchen');
    await m.profile(c, 'Renamed Chef');
    await m.postJob(r, 'Retitled', job.id);
    await shown({ job_title: 'Retitled', restaurant_name: 'Renamed Kitchen', chef_name: 'Renamed Chef' });
  }, 60_000);

  test('a message and a read written without the counters (the previous release, mid-rollout) still count right', async () => {
    const [c1] = chefs;
    const [j1] = jobs;
    // As release N-1 writes: last_seq moves, the counters do not.
    await m.database.rows(
      sql`with t as (update messaging.threads set last_seq = last_seq + 1, last_message_at = now()
                     where job_id = ${j1.id} and chef_id = ${c1.id} returning last_seq)
          insert into messaging.messages (id, job_id, chef_id, seq, sender_id, recipient_id, original_content,
                                          original_language, created_at)
          select ${randomUUID()}, ${j1.id}, ${c1.id}, t.last_seq, ${restaurant.id}, ${c1.id}, 'Old release says hi', 'en', now()
          from t`,
    );
    await m.database.rows(
      sql`update messaging.thread_reads set last_read_seq = last_read_seq + 1
          where job_id = ${j1.id} and chef_id = ${c1.id} and reader_id = ${restaurant.id}`,
    );
    for (const u of [restaurant, ...chefs]) expect(await listed(u)).toEqual(await recount(m.database, u));
    expect((await listed(c1)).get(`${j1.id}/${c1.id}`)).toMatchObject({
      unread_count: 1,
      latest_message: { content: 'Old release says hi' },
    });
    // The next send and the next read of this release make the counters whole again.
    await send(restaurant, j1, c1, 'New release');
    await send(c1, j1, c1, 'Got both');
    await read(restaurant, j1, c1);
    await check();
  }, 60_000);
});

describe('migrations 0003 and 0004 backfill the counters and the copies', () => {
  test('threads, messages and read markers written before the columns existed list the same counts, latest messages and names', async () => {
    const all = await loadMigrations();
    const database = await createTestDatabase(
      'messaging',
      all.filter((x) => x.name < '0003'),
    );
    try {
      const restaurant: AuthUser = { id: randomUUID(), type: 'restaurant', language: 'en' } as AuthUser;
      const chefs = [randomUUID(), randomUUID()].map(
        (id) => ({ id, type: 'chef', language: 'en' }) as AuthUser,
      );
      const jobId = randomUUID();
      await database.rows(
        sql`insert into messaging.jobs (job_id, restaurant_id, title) values (${jobId}, ${restaurant.id}, 'Before')`,
      );
      // Names known for the restaurant and chef 0; chef 1 has none yet.
      await database.rows(
        sql`insert into messaging.participants (user_id, user_type, name, name_at)
            values (${restaurant.id}, 'restaurant', 'Old Mill', now()), (${chefs[0].id}, 'chef', 'Chef Zero', now())`,
      );
      // Chef 0: 5 messages (restaurant, chef, restaurant, restaurant, chef); each side read part of it.
      // Chef 1: 2 messages from the restaurant, no marker.
      const plan: Array<[AuthUser, string[]]> = [
        [chefs[0], ['r', 'c', 'r', 'r', 'c']],
        [chefs[1], ['r', 'r']],
      ];
      for (const [chef, senders] of plan) {
        await database.rows(
          sql`insert into messaging.threads (job_id, chef_id, restaurant_id, application_id, application_status, status_at, last_seq, last_message_at)
              values (${jobId}, ${chef.id}, ${restaurant.id}, ${randomUUID()}, 'pending', now(), ${senders.length}, now())`,
        );
        for (const [i, who] of senders.entries()) {
          const [from, to] = who === 'r' ? [restaurant.id, chef.id] : [chef.id, restaurant.id];
          await database.rows(
            sql`insert into messaging.messages (id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, created_at)
                values (${randomUUID()}, ${jobId}, ${chef.id}, ${i + 1}, ${from}, ${to}, ${`m${i + 1}`}, 'en', now() + make_interval(secs => ${i}))`,
          );
        }
      }
      await database.rows(
        sql`insert into messaging.thread_reads (job_id, chef_id, reader_id, last_read_seq, read_at)
            values (${jobId}, ${chefs[0].id}, ${chefs[0].id}, 3, now()), (${jobId}, ${chefs[0].id}, ${restaurant.id}, 2, now())`,
      );
      const before = await Promise.all([restaurant, ...chefs].map((u) => recount(database, u)));

      await migrate(database, all);

      expect(await wrongCounters(database)).toEqual([]);
      const unread = async (u: AuthUser) => {
        const list = await listConversations(database, u);
        if (list.status !== 200) throw new Error('expected a list');
        return new Map(
          list.body.conversations.map((c) => [
            `${c.job_id}/${c.chef_id}`,
            {
              unread_count: c.unread_count,
              latest_message: c.latest_message,
              job_title: c.job_title,
              restaurant_name: c.restaurant_name,
              chef_name: c.chef_name,
            },
          ]),
        );
      };
      const after = await Promise.all([restaurant, ...chefs].map(unread));
      expect(after).toEqual(before);
      // By hand: chef 0 read to 3 (restaurant's 1 and 3), the restaurant's 4 is unread; the restaurant read to 2
      // (the chef's 2), the chef's 5 is unread; chef 1 never read, both restaurant messages are unread.
      expect(after[1].get(`${jobId}/${chefs[0].id}`)?.unread_count).toBe(1);
      expect(after[0].get(`${jobId}/${chefs[0].id}`)?.unread_count).toBe(1);
      expect(after[2].get(`${jobId}/${chefs[1].id}`)?.unread_count).toBe(2);
      expect(after[0].get(`${jobId}/${chefs[1].id}`)?.unread_count).toBe(0);
      expect(after[0].get(`${jobId}/${chefs[0].id}`)).toMatchObject({
        job_title: 'Before',
        restaurant_name: 'Old Mill',
        chef_name: 'Chef Zero',
        latest_message: { content: 'm5' },
      });
      expect(after[2].get(`${jobId}/${chefs[1].id}`)).toMatchObject({
        chef_name: null,
        latest_message: { content: 'm2' },
      });
      // The copies were made by the migration, not read from their sources at list time.
      const copies = await database.rows(
        sql`select job_title, restaurant_name, chef_name, last_original from messaging.threads
            where job_id = ${jobId} order by last_original`,
      );
      expect(copies).toEqual([
        { job_title: 'Before', restaurant_name: 'Old Mill', chef_name: null, last_original: 'm2' },
        { job_title: 'Before', restaurant_name: 'Old Mill', chef_name: 'Chef Zero', last_original: 'm5' },
      ]);
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
