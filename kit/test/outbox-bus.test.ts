import { randomUUID } from 'node:crypto';
import {
  appendEvent,
  createLogger,
  OutboxRelay,
  sql,
  subscribe,
  type Migration,
  type Subscription,
} from '../src';
import {
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
  realMode,
} from '../src/testing';

// The kit's promise to every service: an event written with a state change reaches each subscribed
// consumer exactly once, through retries, duplicates and broker outages. Runs on PGlite + in-process bus,
// or on PostgreSQL + RabbitMQ when DATABASE_URL / AMQP_URL are set (CI).

const migrations: Migration[] = [
  {
    name: '0001_notes',
    sql: 'create table kittest.notes (id uuid primary key, body text not null);\ncreate table kittest.seen (event_id uuid primary key, n int not null default 1);',
  },
];

let database: TestDatabase;
let testBus: TestBus;
let relay: OutboxRelay;
const logger = createLogger('kit-test');

beforeAll(async () => {
  database = await createTestDatabase('kittest', migrations);
  testBus = await createTestBus([30, 60]);
  relay = new OutboxRelay({ database, bus: testBus.bus, producer: 'kittest', logger, pollMs: 20 });
});
afterAll(async () => {
  await relay.stop();
  await testBus.destroy();
  await database.destroy();
});

/** Subscribe a table the way a service does (kit's `subscribe`), on the test bus. */
async function consume(subscriptions: Subscription[]) {
  for (const s of subscriptions) await testBus.bus.subscribe(s);
}

async function registerUser(email: string) {
  const userId = randomUUID();
  await database.transaction(async (tx) => {
    await tx.execute(sql`insert into kittest.notes (id, body) values (${userId}, ${email})`);
    await appendEvent(database, tx, 'identity.user.registered.v1', {
      user_id: userId,
      email,
      phone: '+16125550100',
      user_type: 'chef',
      language_preference: 'en',
      created_at: new Date().toISOString(),
    });
  });
  return userId;
}

test('an event written with its state change reaches the consumer once, even when delivered three times', async () => {
  const seen: string[] = [];
  await consume(
    subscribe('kittest', { database, relay }, [
      [
        'identity.user.registered.v1',
        async (_ctx, tx, data, event) => {
          seen.push(data.user_id);
          await tx.execute(
            sql`insert into kittest.seen (event_id) values (${event.id}) on conflict (event_id) do update set n = kittest.seen.n + 1`,
          );
        },
        'count-users',
      ],
    ]),
  );
  relay.start();
  const userId = await registerUser('a@example.com');
  await eventually(() => expect(seen).toContain(userId));

  // Redeliver the same envelope twice more: the processed-event log makes it a no-op.
  const [row] = await database.rows<{ id: string; payload: any; type: string }>(
    sql`select id, payload, type from kittest.outbox`,
  );
  for (let i = 0; i < 2; i++) {
    await testBus.bus.publish({
      id: row.id,
      type: row.type,
      occurred_at: new Date().toISOString(),
      producer: 'kittest',
      data: row.payload,
    });
  }
  await new Promise((r) => setTimeout(r, 300));
  const counts = await database.rows<{ n: number }>(sql`select n from kittest.seen`);
  expect(counts).toEqual([{ n: 1 }]);
  expect(seen.filter((id) => id === userId)).toHaveLength(1);
});

test('a handler that fails is retried with backoff and then succeeds', async () => {
  let calls = 0;
  await consume(
    subscribe('kittest', { database, relay }, [
      [
        'identity.user.registered.v1',
        async () => {
          calls += 1;
          if (calls < 3) throw new Error('temporary failure');
        },
        'flaky',
      ],
    ]),
  );
  await registerUser('b@example.com');
  await eventually(() => expect(calls).toBe(3));
});

test('a handler whose database is unreachable keeps waiting past its retries instead of being dead-lettered', async () => {
  let calls = 0;
  const handled: string[] = [];
  await consume(
    subscribe('kittest', { database, relay }, [
      [
        'identity.user.registered.v1',
        async (_ctx, _tx, data) => {
          calls += 1;
          // What pg throws while PostgreSQL restarts, more times than there are retries (2).
          if (calls <= 5)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          handled.push(data.email);
        },
        'db-down',
      ],
    ]),
  );
  await registerUser('waits@example.com');
  await eventually(() => expect(handled).toEqual(['waits@example.com']));
  expect(calls).toBe(6);
  const bus: any = testBus.bus;
  const dead =
    bus.kind === 'rabbitmq'
      ? await bus.deadLetterCount('kittest.db-down')
      : bus.deadLetters('kittest.db-down').length;
  expect(dead).toBe(0);
});

test('a poison event goes to the dead-letter queue and does not block the events behind it', async () => {
  const handled: string[] = [];
  await consume(
    subscribe('kittest', { database, relay }, [
      [
        'identity.user.registered.v1',
        async (_ctx, _tx, data) => {
          if (data.email === 'poison@example.com') throw new Error('cannot handle this one');
          handled.push(data.email);
        },
        'picky',
      ],
    ]),
  );
  await registerUser('poison@example.com');
  await registerUser('after@example.com');
  await eventually(() => expect(handled).toContain('after@example.com'));
  const bus: any = testBus.bus;
  await eventually(async () => {
    const dead =
      bus.kind === 'rabbitmq'
        ? await bus.deadLetterCount('kittest.picky')
        : bus.deadLetters('kittest.picky').length;
    expect(dead).toBe(1);
  });
});

test('an event that breaks its contract is refused when written, so it never reaches a consumer', async () => {
  await expect(
    database.transaction((tx) =>
      appendEvent(database, tx, 'identity.user.registered.v1', { user_id: 'not-a-uuid' } as any),
    ),
  ).rejects.toThrow();
  const pending = await relay.pendingCount();
  expect(pending).toBe(0);
});

(realMode.amqp() ? test : test.skip)(
  'RabbitMQ: a burst about different subjects is handled side by side; events about one subject stay in order',
  async () => {
    let running = 0;
    let overlap = 0;
    const order: string[] = [];
    const sameUser = randomUUID();
    await consume(
      subscribe('kittest', { database, relay }, [
        [
          'identity.user.updated.v1',
          async (_ctx, _tx, data) => {
            running++;
            overlap = Math.max(overlap, running);
            if (data.user_id === sameUser) order.push(data.phone);
            await new Promise((r) => setTimeout(r, 40));
            running--;
          },
          'burst',
        ],
      ]),
    );
    const update = (userId: string, phone: string) =>
      database.transaction((tx) =>
        appendEvent(database, tx, 'identity.user.updated.v1', {
          user_id: userId,
          phone,
          phone_verified: true,
          user_type: 'chef',
          language_preference: 'en',
        }),
      );
    // Five updates of one user, in order, interleaved with six other users' updates.
    for (let i = 0; i < 6; i++) {
      await update(sameUser, `+1612555010${i}`);
      await update(randomUUID(), '+16125550199');
    }
    relay.kick();
    await eventually(() => expect(order).toHaveLength(6), 15_000);
    expect(order).toEqual([0, 1, 2, 3, 4, 5].map((i) => `+1612555010${i}`));
    expect(overlap).toBeGreaterThan(1);
  },
);
