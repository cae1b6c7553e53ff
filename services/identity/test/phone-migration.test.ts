import { migrate, sql } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';

// Before migration 0002 one code verified every account on its phone, so a database may hold several
// verified accounts per number. The migration must still create the unique index, keep the number on the
// oldest account, and tell the other services about the accounts it unverified.

let database: TestDatabase;
beforeAll(async () => {
  const all = await loadMigrations();
  database = await createTestDatabase(
    'identity',
    all.filter((m) => m.name < '0002'),
  );
});
afterAll(() => database?.destroy());

test('accounts sharing a verified phone keep it on the oldest; the others are unverified and announced', async () => {
  const user = (id: string, phone: string, verified: boolean, createdAt: string) =>
    database.db.execute(sql`
      insert into identity.users (id, email, phone, password_hash, user_type, phone_verified, created_at)
      values (${id}, ${`${id}@example.com`}, ${phone}, 'x', 'chef', ${verified}, ${createdAt})`);
  const [first, second, third, alone] = [
    '00000000-0000-4000-8000-000000000001',
    '00000000-0000-4000-8000-000000000002',
    '00000000-0000-4000-8000-000000000003',
    '00000000-0000-4000-8000-000000000004',
  ];
  await user(second, '+16125550101', true, '2026-02-01T00:00:00Z');
  await user(first, '+16125550101', true, '2026-01-01T00:00:00Z');
  await user(third, '+16125550101', false, '2025-12-01T00:00:00Z');
  await user(alone, '+16125550102', true, '2026-03-01T00:00:00Z');

  // Up to 0002 (later migrations announce what exists again: migration 0010, chef-languages.test.ts).
  await migrate(
    database,
    (await loadMigrations()).filter((m) => m.name < '0003'),
  );

  const rows = await database.rows<{ id: string; phone_verified: boolean }>(
    sql`select id, phone_verified from identity.users order by id`,
  );
  expect(rows).toEqual([
    { id: first, phone_verified: true },
    { id: second, phone_verified: false },
    { id: third, phone_verified: false },
    { id: alone, phone_verified: true },
  ]);
  const events = await database.rows<{ type: string; payload: any }>(
    sql`select type, payload from identity.outbox`,
  );
  expect(events).toEqual([
    {
      type: 'identity.user.updated.v1',
      payload: {
        user_id: second,
        phone: '+16125550101',
        phone_verified: false,
        user_type: 'chef',
        language_preference: 'en',
      },
    },
  ]);
  // From now on the database refuses a second verified account on a number.
  await expect(
    database.db.execute(sql`update identity.users set phone_verified = true where id = ${third}`),
  ).rejects.toThrow();
});
