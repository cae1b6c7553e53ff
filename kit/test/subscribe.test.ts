import { randomUUID } from 'node:crypto';
import {
  appendEvent,
  createLogger,
  inTransaction,
  OutboxRelay,
  onlyWhen,
  outsideTransaction,
  queueName,
  sql,
  subscribe,
  type Migration,
} from '../src';
import {
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
} from '../src/testing';

// The one way a service writes and reacts (issue 18): `inTransaction` commits a change with its events and wakes
// the relay at once; `subscribe` turns a service's table of [event type, handler] rows into consumers that run
// once per event and wake the relay for what they wrote. The relay here never polls on its own (an hour), so an
// event only leaves when something woke it. PGlite + in-process bus, or PostgreSQL + RabbitMQ in CI.

const migrations: Migration[] = [
  {
    name: '0001_users',
    sql: 'create table kitsub.users (id uuid primary key, email text not null, welcomed int not null default 0);',
  },
];

let database: TestDatabase;
let testBus: TestBus;
let relay: OutboxRelay;
const logger = createLogger('kit-subscribe-test');

beforeAll(async () => {
  database = await createTestDatabase('kitsub', migrations);
  testBus = await createTestBus([30, 60]);
  relay = new OutboxRelay({ database, bus: testBus.bus, producer: 'kitsub', logger, pollMs: 3_600_000 });
  relay.start();
});
afterAll(async () => {
  await relay.stop();
  await testBus.destroy();
  await database.destroy();
});

/** A user registered the one way a use case writes: the row and its event in one `inTransaction`. */
async function register(ctx: { database: TestDatabase; relay: OutboxRelay }, email: string): Promise<string> {
  const id = randomUUID();
  await inTransaction(ctx, async (tx) => {
    await tx.execute(sql`insert into kitsub.users (id, email) values (${id}, ${email})`);
    await appendEvent(database, tx, 'identity.user.registered.v1', {
      user_id: id,
      email,
      phone: '+16125550100',
      user_type: 'chef',
      language_preference: 'en',
      created_at: new Date().toISOString(),
    });
  });
  return id;
}

test('queue names are derived from the event type unless a row names its queue', () => {
  expect(queueName('jobs.job.cancelled.v1')).toBe('job-cancelled');
  expect(queueName('jobs.checkout.deadline_passed.v1')).toBe('checkout-deadline-passed');
  const ctx = { database, relay };
  const subs = subscribe('kitsub', ctx, [
    ['identity.user.registered.v1', async () => {}],
    ['payments.escrow.held.v1', async () => {}, 'on-escrow-held'],
  ]);
  expect(subs.map((s) => s.queue)).toEqual(['kitsub.user-registered', 'kitsub.on-escrow-held']);
});

test('a change written with inTransaction leaves at once; a handler runs once per event and its own events leave too', async () => {
  const ctx = { database, relay, welcome: 'Welcome' };
  const handled: string[] = [];
  const updates: string[] = [];
  const subs = subscribe('kitsub', ctx, [
    [
      'identity.user.registered.v1',
      async (c, tx, data) => {
        handled.push(`${c.welcome} ${data.email}`);
        await tx.execute(sql`update kitsub.users set welcomed = welcomed + 1 where id = ${data.user_id}`);
        await appendEvent(c.database, tx, 'identity.user.updated.v1', {
          user_id: data.user_id,
          phone: data.phone,
          phone_verified: false,
          user_type: data.user_type,
          language_preference: data.language_preference,
        });
      },
    ],
    [
      'identity.user.updated.v1',
      async (_c, _tx, data) => {
        updates.push(data.user_id);
      },
    ],
  ]);
  for (const s of subs) await testBus.bus.subscribe(s);

  const id = await register(ctx, 'cook@example.com');
  await eventually(() => expect(updates).toEqual([id]), 10_000);
  expect(handled).toEqual(['Welcome cook@example.com']);
  const [row] = await database.rows<{ welcomed: number }>(
    sql`select welcomed from kitsub.users where id = ${id}`,
  );
  expect(row.welcomed).toBe(1);
});

test('a handler marked outsideTransaction holds no transaction: its use case writes through inTransaction itself', async () => {
  const ctx = { database, relay };
  const subs = subscribe('kitsub', ctx, [
    [
      'identity.user.registered.v1',
      outsideTransaction<typeof ctx, 'identity.user.registered.v1'>((c, data) =>
        inTransaction(c, async (tx) => {
          // A slow provider would be called here, before the transaction opens.
          await tx.execute(
            sql`insert into kitsub.users (id, email) values (${randomUUID()}, ${`outside:${data.email}`})`,
          );
        }),
      ),
      'outside',
    ],
  ]);
  expect(subs.map((s) => s.queue)).toEqual(['kitsub.outside']);
  for (const s of subs) await testBus.bus.subscribe(s);
  await register(ctx, 'late@example.com');
  await eventually(async () => {
    const rows = await database.rows(
      sql`select id from kitsub.users where email = 'outside:late@example.com'`,
    );
    expect(rows).toHaveLength(1);
  }, 10_000);
});

test('a handler marked onlyWhen is not called, and keeps no record, for an event its use case does not act on', async () => {
  const ctx = { database, relay };
  const counted: string[] = [];
  const subs = subscribe('kitsub', ctx, [
    [
      'identity.user.reinstated.v1',
      onlyWhen<typeof ctx, 'identity.user.reinstated.v1'>(
        (data) => data.user_type === 'chef',
        async (_c, tx, data) => {
          await tx.execute(
            sql`insert into kitsub.users (id, email) values (${randomUUID()}, ${`reinstated:${data.user_id}`})`,
          );
          counted.push(data.user_id);
        },
      ),
      'chefs-reinstated',
    ],
  ]);
  // The subscription says which events it keeps a record of (a check of every record, as instances.real's, asks).
  expect([subs[0].acts?.({ user_type: 'chef' }), subs[0].acts?.({ user_type: 'restaurant' })]).toEqual([
    true,
    false,
  ]);
  for (const s of subs) await testBus.bus.subscribe(s);
  const reinstated = (userId: string, userType: 'chef' | 'restaurant') => ({
    id: randomUUID(),
    type: 'identity.user.reinstated.v1' as const,
    producer: 'identity',
    occurred_at: new Date().toISOString(),
    data: {
      user_id: userId,
      user_type: userType,
      operator_id: randomUUID(),
      reinstated_at: new Date().toISOString(),
    },
  });
  const chef = await register(ctx, 'back-chef@example.com');
  const restaurant = await register(ctx, 'back-restaurant@example.com');
  const ofRestaurant = reinstated(restaurant, 'restaurant');
  const ofChef = reinstated(chef, 'chef');
  const last = reinstated(await register(ctx, 'back-last@example.com'), 'chef');
  // Each sent twice (a redelivery): the restaurant's is taken without a call, the chef's is handled once; then
  // one more chef's, so that the copies before it were delivered.
  for (const event of [ofRestaurant, ofChef, ofRestaurant, ofChef, last]) await testBus.bus.publish(event);
  await eventually(() => expect(counted).toContain(last.data.user_id), 10_000);
  expect(counted).toEqual([chef, last.data.user_id]);
  const kept = await database.rows<{ event_id: string }>(
    sql`select event_id from kitsub.processed_events where consumer = 'kitsub.chefs-reinstated'`,
  );
  expect(kept.map((r) => r.event_id).sort()).toEqual([ofChef.id, last.id].sort());
  const written = await database.rows<{ email: string }>(
    sql`select email from kitsub.users where email in (${`reinstated:${chef}`}, ${`reinstated:${restaurant}`})`,
  );
  expect(written).toEqual([{ email: `reinstated:${chef}` }]);
});

test('only a commit that wrote an event wakes the relay, from a use case or from a handler', async () => {
  let kicks = 0;
  // The real relay, counting its wake-ups.
  const ctx = {
    database,
    relay: {
      kick() {
        kicks += 1;
        relay.kick();
      },
    },
  };
  const id = randomUUID();
  await inTransaction(ctx, async (tx) => {
    await tx.execute(sql`insert into kitsub.users (id, email) values (${id}, 'quiet@example.com')`);
  });
  expect(kicks).toBe(0);

  const seen: string[] = [];
  const subs = subscribe('kitsub', ctx, [
    [
      'identity.user.reinstated.v1',
      async (_c, tx, data) => {
        // Writes a row, but no event.
        await tx.execute(sql`update kitsub.users set welcomed = welcomed + 1 where id = ${data.user_id}`);
        seen.push(data.user_id);
      },
      'quiet-profile',
    ],
  ]);
  for (const s of subs) await testBus.bus.subscribe(s);
  await inTransaction(ctx, async (tx) => {
    await appendEvent(database, tx, 'identity.user.reinstated.v1', {
      user_id: id,
      user_type: 'chef',
      operator_id: randomUUID(),
      reinstated_at: new Date().toISOString(),
    });
  });
  expect(kicks).toBe(1);
  // The event left at once (the relay does not poll here) and its handler, which wrote no event, woke nothing.
  await eventually(() => expect(seen).toEqual([id]), 10_000);
  expect(kicks).toBe(1);
});

test('a transaction that throws writes nothing and sends nothing', async () => {
  const ctx = { database, relay };
  const id = randomUUID();
  await expect(
    inTransaction(ctx, async (tx) => {
      await tx.execute(sql`insert into kitsub.users (id, email) values (${id}, 'x@example.com')`);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(await database.rows(sql`select id from kitsub.users where id = ${id}`)).toEqual([]);
});
