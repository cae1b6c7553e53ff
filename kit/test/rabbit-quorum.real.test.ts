import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel } from 'amqplib';
import type { EventEnvelope } from '@brigade/contracts';
import { createLogger, RabbitBus, sql, subscribe } from '../src';
import {
  createTestDatabase,
  eventually,
  requireRealServers,
  uniqueName,
  type TestDatabase,
} from '../src/testing';

// ADR 15 on a real RabbitMQ: each service's subscriptions share one quorum work queue (`<service>.events`),
// with quorum retry queues and one quorum dead-letter queue. A handler that always fails ends in the service's
// dead letters after its retries while the other subscriptions of the same event handle it once; a redrive
// gives it back to that subscription only. A classic queue of the earlier per-subscription topology does not
// stop a start-up, and `npm run queues:retire` moves what it still holds and deletes it.

const real = requireRealServers('DATABASE_URL', 'AMQP_URL');
const DELAYS = [100, 200];
const logger = createLogger('kit-quorum-test');

let database: TestDatabase;
let bus: RabbitBus;
let admin: ChannelModel;
const ns = uniqueName('qq');

function registered(email: string): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'identity.user.registered.v1',
    occurred_at: new Date().toISOString(),
    producer: 'kittest',
    data: {
      user_id: randomUUID(),
      email,
      phone: '+16125550100',
      user_type: 'chef',
      language_preference: 'en',
      created_at: new Date().toISOString(),
    },
  };
}

/** Run one AMQP operation on a channel of its own (a refusal closes its channel). */
async function onChannel<T>(fn: (ch: amqp.Channel) => Promise<T>): Promise<T> {
  const ch = await admin.createChannel();
  ch.on('error', () => undefined);
  try {
    return await fn(ch);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

const exists = (name: string) =>
  onChannel((ch) => ch.checkQueue(name)).then(
    () => true,
    () => false,
  );

(real ? describe : describe.skip)('RabbitMQ quorum queues, one work queue per service', () => {
  beforeAll(async () => {
    database = await createTestDatabase('kittest');
    admin = await amqp.connect(process.env.AMQP_URL!);
    bus = new RabbitBus({
      url: process.env.AMQP_URL!,
      logger,
      exchange: `${ns}.events`,
      queuePrefix: ns,
      retryDelaysMs: DELAYS,
    });
  });
  afterAll(async () => {
    await bus?.destroy().catch(() => undefined);
    await bus?.close();
    for (const q of ['', '.dlq', ...DELAYS.map((d) => `.retry.${d}`)])
      await onChannel((ch) => ch.deleteQueue(`${ns}.qold.legacy${q}`)).catch(() => undefined);
    await admin?.close().catch(() => undefined);
    await database?.destroy();
  });

  test("a service's work, retry and dead-letter queues are quorum queues, and the only queues of its subscriptions", async () => {
    await bus.subscribe({
      queue: 'qtest.first',
      types: ['identity.user.updated.v1'],
      handler: async () => {},
    });
    await bus.subscribe({
      queue: 'qtest.second',
      types: ['identity.user.updated.v1'],
      handler: async () => {},
    });
    await bus.connect();
    const names = [
      `${ns}.qtest.events`,
      `${ns}.qtest.events.dlq`,
      ...DELAYS.map((d) => `${ns}.qtest.events.retry.${d}`),
    ];
    const listed = execFileSync('rabbitmqctl', ['list_queues', '-q', 'name', 'type'], {
      encoding: 'utf8',
      timeout: 30_000,
    })
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter(([name]) => name?.startsWith(`${ns}.`));
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(names.map((n) => [n, 'quorum'])));
    // Declaring any of them as a classic queue is refused by the broker.
    for (const name of names)
      await expect(onChannel((ch) => ch.assertQueue(name, { durable: true }))).rejects.toThrow(
        /PRECONDITION_FAILED/,
      );
  });

  test("a handler that always fails ends in its service's dead letters after the retries; a redrive gives it back to that subscription only", async () => {
    let fixed = false;
    const broken: string[] = [];
    const fine: string[] = [];
    await bus.subscribe({
      queue: 'qtest.broken',
      types: ['identity.user.registered.v1'],
      handler: async (event) => {
        broken.push(event.id);
        if (!fixed) throw new Error('bug: cannot handle this user');
      },
    });
    for (const s of subscribe('qtest', { database, relay: { kick: () => undefined } }, [
      [
        'identity.user.registered.v1',
        async (_ctx, _tx, _data, event) => {
          fine.push(event.id);
        },
        'fine',
      ],
    ]))
      await bus.subscribe(s);
    const event = registered('quorum@example.com');
    await bus.publish(event);

    await eventually(() => expect(fine).toEqual([event.id]), 10_000);
    // One attempt and one per retry delay, then the dead letters.
    await eventually(async () => expect(await bus.deadLetterCount('qtest.broken')).toBe(1), 10_000);
    expect(broken).toEqual([event.id, event.id, event.id]);
    expect(await bus.deadLetterCount('qtest.fine')).toBe(0);
    const peek = await bus.peekDeadLetters('qtest.broken');
    expect(peek.latest).toEqual([
      expect.objectContaining({
        queue: 'qtest.broken',
        attempts: 3,
        error: 'bug: cannot handle this user',
        eventId: event.id,
      }),
    ]);
    // Peeking took nothing; the metrics see the service's queue: nothing waiting, one dead letter.
    expect(await bus.deadLetterCount('qtest.events')).toBe(1);
    expect(await bus.queueDepths()).toContainEqual({ queue: 'qtest.events', waiting: 0, deadLetters: 1 });

    fixed = true;
    expect(await bus.redrive('qtest.broken')).toBe(1);
    await eventually(() => expect(broken).toHaveLength(4), 10_000);
    expect(await bus.deadLetterCount('qtest.broken')).toBe(0);
    // The subscription that had handled it is not asked again.
    await new Promise((r) => setTimeout(r, 300));
    expect(fine).toEqual([event.id]);
    // Its idempotency record keeps the subscription's name.
    const records = await database.rows<{ consumer: string }>(
      sql`select consumer from kittest.processed_events where event_id = ${event.id}`,
    );
    expect(records).toEqual([{ consumer: 'qtest.fine' }]);
  });

  test('a classic queue of the earlier topology does not stop a start-up; queues:retire moves what it holds and deletes it', async () => {
    // What the previous version left: the classic queue of `qold.legacy`, bound to its type, holding an event
    // its instances never took, and a dead letter.
    const old = `${ns}.qold.legacy`;
    const leftover = registered('leftover@example.com');
    const dead = registered('dead@example.com');
    await onChannel(async (ch) => {
      await ch.assertQueue(old, { durable: true });
      await ch.bindQueue(old, `${ns}.events`, 'identity.user.registered.v1');
      await ch.assertQueue(`${old}.dlq`, { durable: true });
      ch.sendToQueue(old, Buffer.from(JSON.stringify(leftover)), { persistent: true, type: leftover.type });
      ch.sendToQueue(`${old}.dlq`, Buffer.from(JSON.stringify(dead)), {
        persistent: true,
        type: dead.type,
        headers: { 'x-attempt': 3, 'x-error': 'old failure' },
      });
    });
    const handled: string[] = [];
    for (const s of subscribe('qold', { database, relay: { kick: () => undefined } }, [
      [
        'identity.user.registered.v1',
        async (_ctx, _tx, _data, event) => {
          handled.push(event.id);
        },
        'legacy',
      ],
    ]))
      await bus.subscribe(s);
    // The new version runs beside it: a new event reaches both queues, and is handled once here.
    const fresh = registered('fresh@example.com');
    await bus.publish(fresh);
    await eventually(() => expect(handled).toEqual([fresh.id]), 10_000);

    const retire = (...args: string[]) =>
      spawnSync('npx', ['tsx', 'kit/src/scripts/retire-queues.ts', ...args], {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          BUS_NAMESPACE: ns,
          EVENT_RETRY_DELAYS_MS: DELAYS.join(','),
          LOG_LEVEL: 'warn',
        },
      });
    const run = retire('qold.legacy');
    expect(run.stdout).toContain(
      "qold.legacy: retired (2 message(s) moved to its service's work queue, 1 dead letter(s) to its .dlq)",
    );
    expect(run.status).toBe(0);
    expect(await exists(old)).toBe(false);
    expect(await exists(`${old}.dlq`)).toBe(false);
    // The leftover is handled; the copy of the fresh event changes nothing; the dead letter is the service's now.
    await eventually(() => expect(handled.sort()).toEqual([fresh.id, leftover.id].sort()), 10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(handled).toHaveLength(2);
    const peek = await bus.peekDeadLetters('qold.legacy');
    expect(peek.latest).toEqual([
      expect.objectContaining({ queue: 'qold.legacy', eventId: dead.id, error: 'old failure' }),
    ]);
    // Nothing of that name any more.
    expect(retire('qold.legacy').stdout).toContain('qold.legacy: no such queue');
  });

  test('retiring a classic queue an old instance still consumes leaves it alone', async () => {
    const old = `${ns}.qold.busy`;
    await onChannel((ch) => ch.assertQueue(old, { durable: true }));
    const oldInstance = await admin.createChannel();
    try {
      await oldInstance.consume(old, () => undefined);
      expect(await bus.retireClassicQueue('qold.busy')).toMatchObject({ outcome: 'in-use' });
      expect(await exists(old)).toBe(true);
    } finally {
      await oldInstance.close();
      await onChannel((ch) => ch.deleteQueue(old));
    }
  });

  test('a restarted service takes the events waiting for the last rows of its table: none dead-lettered', async () => {
    const seen: string[] = [];
    const table = () => [
      { queue: 'qrestart.first', types: ['identity.user.updated.v1'], handler: async () => {} },
      {
        queue: 'qrestart.last',
        types: ['identity.user.registered.v1'],
        handler: async (event: EventEnvelope) => {
          seen.push(event.id);
        },
      },
    ];
    const options = { url: process.env.AMQP_URL!, logger, exchange: `${ns}.events`, queuePrefix: ns };
    // The service ran once (its queue and bindings stay), then stopped; events for its last row wait for it.
    const before = new RabbitBus({ ...options, retryDelaysMs: DELAYS });
    await before.connect();
    await before.subscribe(table());
    await before.close();
    const waiting = Array.from({ length: 5 }, (_, i) => registered(`waiting-${i}@example.com`));
    for (const e of waiting) await bus.publish(e);
    // It starts again, connected first (as a service's process is), then takes its table.
    const after = new RabbitBus({ ...options, retryDelaysMs: DELAYS });
    try {
      await after.connect();
      await after.subscribe(table());
      await eventually(() => expect([...seen].sort()).toEqual(waiting.map((e) => e.id).sort()), 15_000);
      expect(await after.deadLetterCount('qrestart.events')).toBe(0);
    } finally {
      await after.destroy().catch(() => undefined);
      await after.close();
    }
  });
});
