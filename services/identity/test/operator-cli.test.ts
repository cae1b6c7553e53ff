import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, sql } from '@brigade/kit';
import { requireRealServers, uniqueName } from '@brigade/kit/testing';
import { verifyPassword } from '../src/domain/passwords';

// `npm run operator -- add <email>` as a person runs it: a child process, against real PostgreSQL.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runCli(args: string[], env: Record<string, string | undefined>, stdin = '') {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ARGON2_MEMORY_KIB: '1024', ...env };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run operator (usage and embedded refusal)', () => {
  test('without DATABASE_URL it refuses clearly and points at OPERATOR_EMAIL', async () => {
    const res = await runCli(['add', 'ops@example.com'], { DATABASE_URL: undefined, OPERATOR_PASSWORD: 'x' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('real mode only: set DATABASE_URL');
    expect(res.stderr).toContain('OPERATOR_EMAIL');
  }, 30_000);

  test('a wrong command shows the usage', async () => {
    for (const args of [[], ['remove', 'ops@example.com'], ['add', 'a@b.c', 'extra']]) {
      const res = await runCli(args, {});
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('usage: DATABASE_URL=postgres://... npm run operator -- add <email>');
    }
  }, 60_000);
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
        phone_verified: boolean;
      }>(sql`select user_type, password_hash, phone_verified from identity.users where email = ${email}`);
      return row;
    } finally {
      await database.close();
    }
  }

  test('creates the operator, updates its password, reads a piped password typed twice', async () => {
    const env = { DATABASE_URL: base, IDENTITY_DATABASE_URL: url };
    const created = await runCli(['add', 'New.Ops@Example.com'], {
      ...env,
      OPERATOR_PASSWORD: 'first password',
    });
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('new.ops@example.com created'),
    });
    let row = await operatorRow('new.ops@example.com');
    expect(row).toMatchObject({ user_type: 'operator', phone_verified: true });
    expect(await verifyPassword(row!.password_hash, 'first password')).toBe(true);

    const same = await runCli(['add', 'new.ops@example.com'], {
      ...env,
      OPERATOR_PASSWORD: 'first password',
    });
    expect(same).toMatchObject({ code: 0, stdout: expect.stringContaining('nothing changed') });

    const piped = await runCli(
      ['add', 'new.ops@example.com'],
      { ...env, OPERATOR_PASSWORD: undefined },
      'second password\nsecond password\n',
    );
    expect(piped).toMatchObject({ code: 0, stdout: expect.stringContaining('password updated') });
    row = await operatorRow('new.ops@example.com');
    expect(await verifyPassword(row!.password_hash, 'second password')).toBe(true);

    const mismatch = await runCli(
      ['add', 'new.ops@example.com'],
      { ...env, OPERATOR_PASSWORD: undefined },
      'third password\nthird passwor\n',
    );
    expect(mismatch).toMatchObject({ code: 1, stderr: expect.stringContaining('do not match') });
    const short = await runCli(['add', 'new.ops@example.com'], { ...env, OPERATOR_PASSWORD: 'short' });
    expect(short).toMatchObject({ code: 1, stderr: expect.stringContaining('8') });
    const badEmail = await runCli(['add', 'not-an-email'], { ...env, OPERATOR_PASSWORD: 'long enough' });
    expect(badEmail).toMatchObject({ code: 1, stderr: expect.stringContaining('valid email') });
    row = await operatorRow('new.ops@example.com');
    expect(await verifyPassword(row!.password_hash, 'second password')).toBe(true);
  }, 120_000);
});
