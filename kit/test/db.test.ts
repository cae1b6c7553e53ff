import { beforeCommit, onCommit, sql, textArray, type Migration } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Prepared reads (the hot poll queries): the same rows as a plain query, inside and outside a transaction;
// on PostgreSQL a named statement that the connection keeps. Runs on PGlite, or PostgreSQL when DATABASE_URL
// is set (CI).

const migrations: Migration[] = [
  {
    name: '0001_items',
    sql: `create table kitdb.items (id int primary key, name text not null, price numeric(8,2), at timestamptz not null);
          insert into kitdb.items values (1, 'knife', 12.50, '2026-11-20T10:00:00Z'), (2, 'apron', null, '2026-11-21T10:00:00Z');`,
  },
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('kitdb', migrations);
});
afterAll(async () => {
  await database.destroy();
});

const byId = (id: number) => sql`select id, name, price, at from kitdb.items where id >= ${id} order by id`;

test('a prepared read answers exactly what the plain read answers, every time', async () => {
  const plain = await database.rows(byId(1));
  expect(plain).toHaveLength(2);
  for (let i = 0; i < 8; i++)
    expect(await database.rows(byId(1), undefined, { prepared: true })).toEqual(plain);
  expect(await database.rows(byId(2), undefined, { prepared: true })).toEqual(await database.rows(byId(2)));
});

test('inside a transaction it sees the transaction’s own writes', async () => {
  await database
    .transaction(async (tx) => {
      await tx.execute(sql`insert into kitdb.items values (3, 'pan', 40, now())`);
      const rows = await database.rows<{ name: string }>(byId(3), tx, { prepared: true });
      expect(rows.map((r) => r.name)).toEqual(['pan']);
      if (database.kind === 'postgres') {
        // the connection holds the statement under a name derived from its text
        const held = await database.rows<{ name: string; statement: string }>(
          sql`select name, statement from pg_prepared_statements where name like 'q\\_%'`,
          tx,
        );
        expect(held.some((s) => s.statement.includes('from kitdb.items where id >='))).toBe(true);
      }
      throw new Error('roll back');
    })
    .catch((err: Error) => expect(err.message).toBe('roll back'));
  expect(await database.rows(byId(3), undefined, { prepared: true })).toEqual([]);
});

test('work asked for before the commit runs at the end of the transaction, inside it; on no transaction at once', async () => {
  const order: string[] = [];
  await database.transaction(async (tx) => {
    await beforeCommit(tx, async () => {
      order.push('hook');
      await tx.execute(sql`update kitdb.items set name = 'sharp knife' where id = 1`);
    });
    order.push('work');
    onCommit(tx, () => order.push('committed'));
  });
  expect(order).toEqual(['work', 'hook', 'committed']);
  expect((await database.rows<{ name: string }>(byId(1)))[0].name).toBe('sharp knife');

  // a hook that throws rolls the whole transaction back
  await database
    .transaction(async (tx) => {
      await tx.execute(sql`insert into kitdb.items values (4, 'pot', 30, now())`);
      await beforeCommit(tx, async () => {
        throw new Error('refused');
      });
    })
    .catch((err: Error) => expect(err.message).toBe('refused'));
  expect(await database.rows(byId(4))).toEqual([]);

  let ran = false;
  await beforeCommit(database.db, async () => {
    ran = true;
  });
  expect(ran).toBe(true);
});

test('a text array reaches PostgreSQL as written: quotes, backslashes, commas, braces, JSON and nulls, in order', async () => {
  const texts = [
    'plain',
    'a "quoted" word',
    'back\\slash',
    'a,b',
    '{brace}',
    'NULL',
    '',
    null,
    'plain',
    '{"x":"y\\"z"}',
    'ñandú 🍳',
  ];
  const rows = await database.rows<{ t: string | null; n: string | number }>(
    sql`select t, n from unnest(${textArray(texts)}::text[]) with ordinality as a(t, n) order by n`,
    undefined,
    { prepared: true },
  );
  expect(rows.map((r) => r.t)).toEqual(texts);
  const [json] = await database.rows<{ v: unknown }>(
    sql`select (${textArray([JSON.stringify({ say: 'he said "hi" \\ bye' })])}::text[])[1]::jsonb as v`,
  );
  expect(json.v).toEqual({ say: 'he said "hi" \\ bye' });
});
