import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, sql } from '@brigade/kit';
import { requireRealServers, uniqueName } from '@brigade/kit/testing';
import { verifyPassword } from '../src/domain/passwords';
import { initPgliteDataDir } from '../../../scripts/embedded-data-dir';
import { runOperatorCommand } from '../../../scripts/operator-command';

// `npm run operator -- list | add | remove | suspend | reinstate | reset-password` (issue 33) as a person runs
// it (its work in this process, and once its entry as a child process), on the embedded data (a PGlite folder, BRIGADE_DATA_DIR) and against real PostgreSQL.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runCli(args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ARGON2_MEMORY_KIB: '1024',
    LOG_LEVEL: 'silent',
    ...env,
  };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The command in this process (fast): its exit code and what it printed. */
async function run(args: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCommand(
    args,
    { ...process.env, ARGON2_MEMORY_KIB: '1024', LOG_LEVEL: 'silent', ...env },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { code, stdout: out.map((l) => `${l}\n`).join(''), stderr: err.join('\n') };
}

const oneTimePassword = (stdout: string) => /One-time password: (\S+)/.exec(stdout)?.[1];

describe('npm run operator on the embedded data', () => {
  let dataDir: string;
  const env = () => ({ DATABASE_URL: undefined, BRIGADE_DATA_DIR: dataDir });
  beforeAll(() => {
    dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'operator-cli-')), 'pglite');
  });
  afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  test('a wrong command shows the usage; without embedded data it says to start once', async () => {
    for (const args of [[], ['promote', 'a@b.co'], ['add'], ['add', 'a@b.co', '--root'], ['list', 'x']]) {
      const res = await run(args, env());
      expect([res.code, res.stderr]).toEqual([
        2,
        expect.stringContaining('usage: npm run operator -- <command>'),
      ]);
    }
    const res = await run(['list'], env());
    expect(res).toMatchObject({ code: 1, stderr: expect.stringContaining('run `npm start` once first') });
    // The entry itself, as a person runs it: the usage, and exit code 2.
    const spawned = await runCli(['promote'], env());
    expect([spawned.code, spawned.stderr]).toEqual([2, expect.stringContaining('usage: npm run operator')]);
  }, 60_000);

  test('add, list, suspend, reinstate, reset-password and remove, each audited', async () => {
    // The folder a first `npm start` leaves: the database `npm install` made, copied (no initdb here: that is the
    // first start's own test, scripts/first-start.test.ts).
    initPgliteDataDir(dataDir);
    const { PGlite } = await import('@electric-sql/pglite');

    const added = await run(['add', 'Lead@Brigade.test', '--admin'], env());
    expect(added).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('lead@brigade.test added (admin)'),
    });
    expect(oneTimePassword(added.stdout)).toMatch(/^\S{12,}$/);
    expect((await run(['add', 'second@brigade.test'], env())).code).toBe(0);
    // The only admin is never suspended nor removed, even from the command line.
    expect(await run(['suspend', 'lead@brigade.test'], env())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('IDENTITY.LAST_ADMIN'),
    });
    expect(await run(['suspend', 'second@brigade.test', 'Lost', 'laptop'], env())).toMatchObject({
      code: 0,
    });
    expect(await run(['reinstate', 'second@brigade.test'], env())).toMatchObject({ code: 0 });
    const reset = await run(['reset-password', 'second@brigade.test'], env());
    expect(oneTimePassword(reset.stdout)).toMatch(/^\S{12,}$/);
    expect(await run(['remove', 'second@brigade.test'], env())).toMatchObject({ code: 0 });
    const list = await run(['list'], env());
    expect(list.code).toBe(0);
    expect(list.stdout.trim().split('\n')).toEqual([
      'lead@brigade.test  admin, active, one-time password not changed yet',
    ]);

    const pglite = await PGlite.create(dataDir);
    try {
      const { rows } = await pglite.query<{ action: string; operator_email: string }>(
        'select action, operator_email from identity.audit_log order by at, action',
      );
      expect(rows.map((r) => r.action)).toEqual([
        'operator.add',
        'operator.add',
        'operator.suspend',
        'operator.reinstate',
        'operator.password_reset',
        'operator.remove',
      ]);
      expect(new Set(rows.map((r) => r.operator_email))).toEqual(
        new Set([`npm run operator (${os.userInfo().username}@${os.hostname()})`]),
      );
    } finally {
      await pglite.close();
    }
  }, 120_000);
});

const base = process.env.DATABASE_URL;
(requireRealServers('DATABASE_URL') ? describe : describe.skip)('npm run operator against PostgreSQL', () => {
  let url: string;
  let admin: pg.Client;
  beforeAll(async () => {
    const u = new URL(base!);
    u.pathname = `/${uniqueName('t_operator_cli')}`;
    url = u.toString();
    admin = new pg.Client({
      connectionString: Object.assign(new URL(base!), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
    await admin.end();
  });

  async function operatorRow(email: string) {
    const database = await openDatabase({ url, poolSize: 1 }, 'identity');
    try {
      const [row] = await database.rows<{
        user_type: string;
        password_hash: string;
        admin: boolean;
        password_change_required: boolean;
        suspended_at: Date | null;
        removed_at: Date | null;
      }>(sql`select * from identity.users where email = ${email}`);
      return row;
    } finally {
      await database.close();
    }
  }

  test('add prints a one-time password that must be changed; suspend, reinstate, reset-password, remove', async () => {
    const env = { DATABASE_URL: base, IDENTITY_DATABASE_URL: url };
    const added = await run(['add', 'New.Ops@Example.com', '--admin'], env);
    expect(added).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('new.ops@example.com added (admin)'),
    });
    let row = await operatorRow('new.ops@example.com');
    expect(row).toMatchObject({ user_type: 'operator', admin: true, password_change_required: true });
    expect(await verifyPassword(row!.password_hash, oneTimePassword(added.stdout)!)).toBe(true);

    expect((await run(['add', 'other@example.com'], env)).code).toBe(0);
    expect((await run(['suspend', 'other@example.com'], env)).code).toBe(0);
    expect((await operatorRow('other@example.com'))!.suspended_at).not.toBeNull();
    expect((await run(['reinstate', 'other@example.com'], env)).code).toBe(0);
    expect((await operatorRow('other@example.com'))!.suspended_at).toBeNull();
    const reset = await run(['reset-password', 'other@example.com'], env);
    expect(reset.code).toBe(0);
    row = await operatorRow('other@example.com');
    expect(await verifyPassword(row!.password_hash, oneTimePassword(reset.stdout)!)).toBe(true);
    expect((await run(['remove', 'other@example.com'], env)).code).toBe(0);
    expect((await operatorRow('other@example.com'))!.removed_at).not.toBeNull();
    expect(await run(['list'], env)).toMatchObject({
      code: 0,
      stdout: 'new.ops@example.com  admin, active, one-time password not changed yet\n',
    });
    const badEmail = await run(['add', 'not-an-email'], env);
    expect(badEmail).toMatchObject({ code: 1, stderr: expect.stringContaining('valid email') });
  }, 120_000);
});
