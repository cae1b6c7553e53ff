import { randomUUID } from 'node:crypto';
import { createLogger, InProcessBus, OutboxRelay, outboxRetentionDays, sql } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Published events are kept OUTBOX_RETENTION_DAYS (90 by default, was 7): the operator console's job timeline
// is read from them (ADR 11). Older published rows go; unpublished rows are never deleted.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('kitretention', []);
});
afterAll(async () => {
  await database.destroy();
});

async function row(publishedDaysAgo: number | null): Promise<string> {
  const id = randomUUID();
  await database.db.execute(sql`
    insert into kitretention.outbox (id, type, payload, occurred_at, published_at)
    values (${id}, 'jobs.job.payment_failed.v1', ${JSON.stringify({ job_id: randomUUID() })}::jsonb,
      now() - make_interval(days => ${publishedDaysAgo ?? 200}::int),
      ${publishedDaysAgo === null ? null : sql`now() - make_interval(days => ${publishedDaysAgo}::int)`})`);
  return id;
}

async function remaining(): Promise<string[]> {
  const rows = await database.rows<{ id: string }>(sql`select id from kitretention.outbox`);
  return rows.map((r) => r.id).sort();
}

const relay = (retentionDays?: number) =>
  new OutboxRelay({
    database,
    bus: new InProcessBus(),
    producer: 'jobs',
    logger: createLogger('retention-test', 'silent'),
    retentionDays,
  });

test('published events are kept 90 days by default; older ones go, unpublished ones stay', async () => {
  const week = await row(8);
  const recent = await row(89);
  const old = await row(91);
  const unpublished = await row(null);
  const r = relay();
  expect(r.retentionDays).toBe(90);
  expect(await r.cleanup()).toBe(1);
  expect(await remaining()).toEqual([week, recent, unpublished].sort());
  expect(await remaining()).not.toContain(old);
  // A shorter retention (OUTBOX_RETENTION_DAYS=30) lets the older published event go too.
  expect(await relay(30).cleanup()).toBe(1);
  expect(await remaining()).toEqual([week, unpublished].sort());
});

test('OUTBOX_RETENTION_DAYS: whole days, 1 or more; anything else is refused', () => {
  expect(outboxRetentionDays({})).toBe(90);
  expect(outboxRetentionDays({ OUTBOX_RETENTION_DAYS: '' })).toBe(90);
  expect(outboxRetentionDays({ OUTBOX_RETENTION_DAYS: '30' })).toBe(30);
  for (const bad of ['0', '-1', '1.5', 'ninety'])
    expect(() => outboxRetentionDays({ OUTBOX_RETENTION_DAYS: bad })).toThrow(/OUTBOX_RETENTION_DAYS/);
});

test("events are found by the job they are about through an index (the timeline's query)", async () => {
  const rows = await database.rows<{ indexname: string }>(
    sql`select indexname from pg_indexes where schemaname = 'kitretention' and indexname = 'outbox_job_idx'`,
  );
  expect(rows).toHaveLength(1);
});
