import { migrate, sql } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';

// Issue 35 (migration 0014): ratings and reliability facts gain the seat. Every row kept before is a one-chef
// job's and becomes seat 1's, with its values as they were, and still refuses its own duplicate.

let database: TestDatabase;
beforeAll(async () => {
  const all = await loadMigrations();
  database = await createTestDatabase(
    'identity',
    all.filter((m) => m.name < '0014'),
  );
});
afterAll(() => database?.destroy());

test('a rating and a reliability fact kept before seats are seat 1’s, values unchanged, still once', async () => {
  const job = '00000000-0000-4000-8000-0000000000a1';
  const chef = '00000000-0000-4000-8000-0000000000c1';
  const restaurant = '00000000-0000-4000-8000-0000000000b1';
  await database.db.execute(sql`
    insert into identity.ratings (job_id, side, ratee_id, rating, created_at)
    values (${job}, 'chef', ${restaurant}, 4, '2026-05-01T12:00:00Z')`);
  await database.db.execute(sql`
    insert into identity.reliability_facts (user_id, user_type, kind, job_id, occurred_at, recorded_at)
    values (${chef}, 'chef', 'completed_shifts', ${job}, '2026-05-01T10:00:00Z', '2026-05-01T12:00:00Z')`);

  await migrate(database, await loadMigrations());

  const ratings = await database.rows<Record<string, unknown>>(
    sql`select job_id, seat_no, side, ratee_id, rating, created_at from identity.ratings`,
  );
  expect(ratings).toEqual([
    {
      job_id: job,
      seat_no: 1,
      side: 'chef',
      ratee_id: restaurant,
      rating: 4,
      created_at: expect.anything(),
    },
  ]);
  expect(new Date(ratings[0].created_at as string).toISOString()).toBe('2026-05-01T12:00:00.000Z');
  const facts = await database.rows<Record<string, unknown>>(
    sql`select user_id, user_type, kind, job_id, seat_no, occurred_at from identity.reliability_facts`,
  );
  expect(facts).toEqual([
    {
      user_id: chef,
      user_type: 'chef',
      kind: 'completed_shifts',
      job_id: job,
      seat_no: 1,
      occurred_at: expect.anything(),
    },
  ]);
  expect(new Date(facts[0].occurred_at as string).toISOString()).toBe('2026-05-01T10:00:00.000Z');

  // The kept rating is seat 1's: the same rating again is a duplicate; seat 2's is a rating of its own.
  const again = await database.rows(
    sql`insert into identity.ratings (job_id, seat_no, side, ratee_id, rating)
        values (${job}, 1, 'chef', ${restaurant}, 2) on conflict (job_id, seat_no, side) do nothing returning job_id`,
  );
  expect(again).toHaveLength(0);
  const seat2 = await database.rows(
    sql`insert into identity.ratings (job_id, seat_no, side, ratee_id, rating)
        values (${job}, 2, 'chef', ${restaurant}, 2) on conflict (job_id, seat_no, side) do nothing returning job_id`,
  );
  expect(seat2).toHaveLength(1);
});
