import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '@brigade/kit';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cannon } from './measure';
import { sleep } from './api';

/** Every process below `root` (npm -> sh -> tsx -> node). */
function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(d)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** Peak resident memory (VmHWM) of the biggest process under `root`: the Node process running Brigade. */
export function peakMemory(root: number): { bytes: number; pid: number } {
  let best = { bytes: 0, pid: 0 };
  for (const pid of [root, ...descendants(root)]) {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const bytes = m ? Number(m[1]) * 1024 : 0;
      if (bytes > best.bytes) best = { bytes, pid };
    } catch {
      /* gone */
    }
  }
  return best;
}

async function firstPage(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      const text = await res.text();
      if (res.ok && text.includes('<div id="root">')) return Date.now();
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('no page served in time');
    await sleep(25);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

export interface StartupFigures {
  firstStartMs: number;
  /** The first start's biggest process (VmHWM, polled every 50 ms while it runs: initdb's child, the server, the web build). */
  firstStartPeakMemoryBytes: number;
  secondStartToFirstPageMs: number;
  secondStartReadyMs: number | null;
  peakMemoryBytes: number;
  memoryNote: string;
}

/**
 * `npm start` as a user runs it (embedded default: one PGlite, in-process bus, in-memory limiter) on a fresh
 * data folder: the first start (creates and migrates PGlite, loads the demo accounts) and the second start,
 * timed from spawn to the first page served. The first start's peak is that of its biggest process, polled while
 * it runs (its children, PGlite's initdb and the web build, are gone by the banner). Then the demo chef polls open
 * shifts for a few seconds and the peak resident memory of the Brigade process is read.
 */
export async function measureStartup(root: string): Promise<StartupFigures> {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'brigade-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BRIGADE_DATA_DIR: path.join(dataRoot, 'pglite'),
    LOG_LEVEL: 'warn',
  };
  for (const k of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'BUS_NAMESPACE', 'PORT']) delete env[k];
  const launch = async () => {
    const port = await freePort();
    const t0 = Date.now();
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    return { child, port, t0, output: () => out };
  };
  try {
    // The first start is a fresh clone's: it builds web/dist when it is missing, creates and migrates
    // PGlite and loads the demo accounts.
    const first = await launch();
    const deadline = Date.now() + 240_000;
    let firstStartPeakMemoryBytes = 0;
    while (!first.output().includes('Brigade is running at')) {
      if (Date.now() > deadline || first.child.exitCode !== null)
        throw new Error(`first start failed: ${first.output().slice(-500)}`);
      firstStartPeakMemoryBytes = Math.max(firstStartPeakMemoryBytes, peakMemory(first.child.pid!).bytes);
      await sleep(50);
    }
    const firstStartMs = Date.now() - first.t0;
    firstStartPeakMemoryBytes = Math.max(firstStartPeakMemoryBytes, peakMemory(first.child.pid!).bytes);
    await stop(first.child);

    const second = await launch();
    const served = await firstPage(`http://127.0.0.1:${second.port}/`, Date.now() + 60_000);
    const secondStartToFirstPageMs = served - second.t0;
    let readyMs: number | null = null;
    const deadline2 = Date.now() + 30_000;
    while (!second.output().includes('Brigade is running at') && Date.now() < deadline2) await sleep(20);
    if (second.output().includes('Brigade is running at')) readyMs = Date.now() - second.t0;
    // some work: a demo chef signs in (argon2) and polls open shifts; the landing page is fetched
    const origin = `http://127.0.0.1:${second.port}`;
    let memoryNote = 'after start';
    try {
      const signin = await fetch(`${origin}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'chef.ana@demo.brigade.test', password: 'brigade-demo' }),
      });
      const token = ((await signin.json()) as { session?: { access_token?: string } }).session?.access_token;
      if (token) {
        await cannon(
          origin,
          [
            { path: '/api/jobs?status=open', headers: { authorization: `Bearer ${token}` } },
            { path: '/', headers: {} },
          ],
          { connections: 20, seconds: 3, expect: 200, warmupSeconds: 0 },
        );
        memoryNote = 'after start, a sign-in and 3 s of polling at 20 connections';
      }
    } catch (err) {
      memoryNote = `after start (polling failed: ${(err as Error).message})`;
    }
    const peak = peakMemory(second.child.pid!);
    await stop(second.child);
    return {
      firstStartMs,
      firstStartPeakMemoryBytes,
      secondStartToFirstPageMs,
      secondStartReadyMs: readyMs,
      peakMemoryBytes: peak.bytes,
      memoryNote,
    };
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
}
