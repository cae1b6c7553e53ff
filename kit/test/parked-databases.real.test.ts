import pg from 'pg';
import {
  createMigratedDatabase,
  releaseMigratedDatabase,
  requireRealServers,
  uniqueName,
} from '../src/testing';
import { templateName } from '../src/migrated-template';

// Real PostgreSQL (CI): a test's database, once released, is parked (put back as its template is, row for row) and
// the next one made from the same template is that copy renamed, not a new copy and a drop. What a suite finds in it
// is exactly what a fresh copy holds: the migrations' own rows back, every row a suite wrote gone, sequences where
// the template left them. A copy that cannot come back exactly (an object its template lacks) is dropped.

const real = requireRealServers('DATABASE_URL');

// A schema of this suite's own, with what makes putting back hard: a row the migrations wrote, a table that refuses
// deletes (as the audit logs do), a foreign key, a sequence of its own, and an identity column.
const SCHEMA = 'park_probe';
const MIGRATIONS = [
  {
    name: '0001_probe.sql',
    sql: `
      create table park_probe.versions (id int primary key, version bigint not null);
      insert into park_probe.versions values (1, 1);
      create table park_probe.parents (id bigint generated always as identity primary key, name text not null);
      create table park_probe.children (
        id bigserial primary key,
        parent_id bigint not null references park_probe.parents(id),
        at timestamptz not null default now()
      );
      create sequence park_probe.stamp_seq;
      create table park_probe.audit (id bigserial primary key, what text not null);
      create function park_probe.append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit is append-only'; end $$;
      create trigger audit_append_only before update or delete on park_probe.audit
        for each row execute function park_probe.append_only();
    `,
  },
];

(real ? describe : describe.skip)('parked test databases (real PostgreSQL)', () => {
  const admin = new pg.Client({ connectionString: urlOf('postgres') });
  const template = templateName(SCHEMA, MIGRATIONS);
  const made: string[] = [];

  function urlOf(name: string) {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const parked = async () =>
    (
      await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 order by datname',
        [`${template.replace(/_/g, '\\_')}\\_p%`],
      )
    ).rows.map((r) => r.datname);
  const exists = async (name: string) =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  async function fresh() {
    const name = uniqueName('park');
    made.push(name);
    await createMigratedDatabase(urlOf(name), SCHEMA, MIGRATIONS);
    return name;
  }
  async function on<T>(name: string, run: (db: pg.Client) => Promise<T>): Promise<T> {
    const db = new pg.Client({ connectionString: urlOf(name) });
    await db.connect();
    try {
      return await run(db);
    } finally {
      await db.end();
    }
  }
  const contents = (name: string) =>
    on(name, async (db) => ({
      versions: (await db.query('select id, version from park_probe.versions')).rows,
      parents: Number((await db.query('select count(*) from park_probe.parents')).rows[0].count),
      children: Number((await db.query('select count(*) from park_probe.children')).rows[0].count),
      audit: Number((await db.query('select count(*) from park_probe.audit')).rows[0].count),
      // the next values each sequence gives: where a fresh copy starts
      nextParent: (await db.query("insert into park_probe.parents (name) values ('n') returning id")).rows[0]
        .id,
      nextStamp: (await db.query("select nextval('park_probe.stamp_seq') as v")).rows[0].v,
    }));

  beforeAll(() => admin.connect());
  afterAll(async () => {
    for (const name of made) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  test('a used copy comes back to the next test as a fresh one: its rows gone, the migrations’ own back', async () => {
    const first = await fresh();
    const pristine = await contents(first);
    const seededOnly = { versions: [{ id: 1, version: '1' }], parents: 0, children: 0, audit: 0 };
    expect(pristine).toMatchObject(seededOnly);

    // A suite's use: rows everywhere, the migrations' row changed, sequences moved, the append-only table written.
    await on(first, async (db) => {
      await db.query('update park_probe.versions set version = 42');
      const parent = await db.query("insert into park_probe.parents (name) values ('a'), ('b') returning id");
      await db.query('insert into park_probe.children (parent_id) values ($1), ($1)', [parent.rows[0].id]);
      await db.query("select nextval('park_probe.stamp_seq') from generate_series(1, 5)");
      await db.query("insert into park_probe.audit (what) values ('kept forever')");
    });
    const before = await parked();
    expect(await releaseMigratedDatabase(urlOf(first), SCHEMA, MIGRATIONS)).toBe('parked');
    expect(await exists(first)).toBe(false);
    const after = await parked();
    expect(after.length).toBe(before.length + 1);

    // The next test's database is a parked copy renamed (one fewer parked), and holds what a fresh copy holds.
    const second = await fresh();
    expect((await parked()).length).toBe(after.length - 1);
    expect(await contents(second)).toEqual(pristine);
    expect(await releaseMigratedDatabase(urlOf(second), SCHEMA, MIGRATIONS)).toBe('parked');
  });

  test('a session left on a used copy is ended, and the copy parked', async () => {
    const name = await fresh();
    const left = new pg.Client({ connectionString: urlOf(name) });
    left.on('error', () => undefined);
    await left.connect();
    await left.query("insert into park_probe.audit (what) values ('written by a pool left open')");
    const before = await parked();
    expect(await releaseMigratedDatabase(urlOf(name), SCHEMA, MIGRATIONS)).toBe('parked');
    await expect(left.query('select 1')).rejects.toThrow();
    expect((await parked()).length).toBe(before.length + 1);
    await left.end().catch(() => undefined);
  });

  test('a copy that gained an object its template lacks is dropped, never parked', async () => {
    const name = await fresh();
    await on(name, (db) => db.query('create table park_probe.extra (id int)'));
    const before = await parked();
    expect(await releaseMigratedDatabase(urlOf(name), SCHEMA, MIGRATIONS)).toBe('dropped');
    expect(await exists(name)).toBe(false);
    expect(await parked()).toEqual(before);
  });

  test('a database of another template is dropped, not parked as this one', async () => {
    const name = await fresh();
    const other = [
      { name: '0001_probe.sql', sql: `${MIGRATIONS[0].sql}\n-- another text, another template` },
    ];
    expect(await releaseMigratedDatabase(urlOf(name), SCHEMA, other)).toBe('dropped');
    expect(await exists(name)).toBe(false);
  });
});
