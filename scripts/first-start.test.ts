import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './embedded';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';

// A newcomer's first `npm start`, interrupted while the demo data loads (the process killed outright, as a
// Ctrl-C before the start had its handlers, or a crash, would), then started again: every demo login works.
// BRIGADE_SEED_STOP_AFTER makes the seed kill its own process after the named step, so the moment is exact.

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  url?: string;
  stop(): Promise<void>;
}

/** `npm start` as package.json says it (node, its flags and the launcher), without npm's own process. */
const START = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as any).scripts.start
  .split(' ')
  .slice(1) as string[];

function npmStart(dataDir: string, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, START, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      BRIGADE_DATA_DIR: dataDir,
      BRIGADE_BUILD_WEB: '0',
      PORT: '0',
      DATABASE_URL: '',
      AMQP_URL: '',
      REDIS_URL: '',
      OPERATOR_EMAIL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Brigade is running at (http:\/\/\S+)/.exec(output)?.[1];
      // The banner is printed whole in one write: wait for its last line.
      if (url && /\n\n\s*$/.test(output))
        resolve({
          code: null,
          signal: null,
          output,
          url,
          stop: async () => {
            child.kill('SIGINT');
            await exited;
          },
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => resolve({ code, signal, output, stop: async () => {} }));
  });
}

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('an interrupted first start (npm start)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'brigade-first-start-'));
  const dataDir = path.join(dir, 'pglite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('is completed by the next start, and every demo login then signs in', async () => {
    // Killed right after the first restaurant signed up (phone not verified, nothing else created yet).
    const first = await npmStart(dataDir, { BRIGADE_SEED_STOP_AFTER: 'restaurant.mpls:signup' });
    expect(first.signal).toBe('SIGKILL');
    expect(first.output).not.toContain('Demo logins');

    // Killed again after a shift was posted but before it was paid.
    const second = await npmStart(dataDir, { BRIGADE_SEED_STOP_AFTER: 'restaurant.detroit:shift-posted:2' });
    expect(second.signal).toBe('SIGKILL');

    const third = await npmStart(dataDir);
    try {
      expect(third.url).toBeDefined();
      for (const a of DEMO_ACCOUNTS) {
        expect(third.output).toContain(a.email);
        const signin = await signIn(third.url!, a.email);
        expect({ email: a.email, status: signin.status }).toEqual({ email: a.email, status: 200 });
        const me = await fetch(`${third.url}/api/profiles/me`, {
          headers: { authorization: `Bearer ${signin.body.session.access_token}` },
        }).then((r) => r.json() as Promise<any>);
        expect(me.user.phone_verified).toBe(true);
        expect(me.profile?.name).toBe(a.profile.name);
      }
      // Each demo shift once, paid and open to chefs: none posted twice, none left unpaid (near=all: both
      // cities, not only those within the demo chef's travel radius).
      const chef = await signIn(third.url!, 'chef.dana@demo.brigade.test');
      const open: any = await fetch(`${third.url}/api/jobs?status=open&near=all`, {
        headers: { authorization: `Bearer ${chef.body.session.access_token}` },
      }).then((r) => r.json());
      const titles = open.jobs.map((j: any) => `${j.restaurant_profiles?.name}: ${j.title}`).sort();
      expect(titles).toEqual([
        'Corktown Grill: Line Cook',
        'Corktown Grill: Server',
        'North Loop Kitchen: Dishwasher',
        'North Loop Kitchen: Line Cook',
        'North Loop Kitchen: Prep Cook',
      ]);
    } finally {
      await third.stop();
    }

    // The demo is marked complete: the next start loads nothing and still prints the logins.
    const fourth = await npmStart(dataDir);
    try {
      for (const a of DEMO_ACCOUNTS) expect(fourth.output).toContain(a.email);
      expect(fourth.output).not.toContain('Demo data incomplete');
    } finally {
      await fourth.stop();
    }
  }, 300_000);

  test('npm run reset clears the embedded data, and refuses when DATABASE_URL is set', () => {
    const reset = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/reset.ts')], {
        cwd: ROOT,
        env: { ...process.env, BRIGADE_DATA_DIR: dataDir, ...env },
        encoding: 'utf8',
      });
    const refused = reset({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/brigade' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('DATABASE_URL is set');
    expect(existsSync(dataDir)).toBe(true);

    const cleared = reset({ DATABASE_URL: '' });
    expect(cleared.status).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(path.join(dir, 'seeded.json'))).toBe(false);
  });
});
