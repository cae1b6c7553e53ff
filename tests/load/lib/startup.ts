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
    const bytes = statusKb(pid, 'VmHWM') * 1024;
    if (bytes > best.bytes) best = { bytes, pid };
  }
  return best;
}

/** One field of /proc/<pid>/status in kB (0 once the process is gone). */
function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** What a process of the tree ran, short: `node .../vite.js build` -> `node vite.js build`. */
function commandOf(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return argv
      .map((a) => (a.includes('/') && !a.startsWith('-') ? path.basename(a) : a))
      .filter((a) => !a.startsWith('--') || a.startsWith('--max'))
      .join(' ')
      .slice(0, 60);
  } catch {
    return '?';
  }
}

export interface TreeMemory {
  /** Every process the tree had, with its own peak (VmHWM), biggest first. */
  processes: Array<{ pid: number; command: string; peakBytes: number }>;
  /** The tree's peak: the largest sum of every live process's resident memory (VmRSS) at one sample. */
  treePeakBytes: number;
}

/**
 * Every process under `root` (and `root`) sampled every `everyMs` while it runs: each process's own peak
 * (VmHWM, kept once it has exited) and the summed resident memory of the whole tree at its highest. Shared
 * pages (Node's own code) count once per process, as `ps` and the operating system's view of a user add up.
 */
export function sampleTreeMemory(root: number, everyMs = 50): { stop(): TreeMemory } {
  const seen = new Map<number, { command: string; peakBytes: number }>();
  let treePeakBytes = 0;
  const sample = () => {
    let sum = 0;
    const commands = new Map<number, string>();
    for (const pid of [root, ...descendants(root)]) {
      // A child caught between fork and exec still shows its parent's command and shares its parent's pages:
      // counted once, as the parent.
      const command = commandOf(pid);
      commands.set(pid, command);
      if (pid !== root && commands.get(parentOf(pid)) === command) continue;
      const rss = statusKb(pid, 'VmRSS') * 1024;
      const hwm = statusKb(pid, 'VmHWM') * 1024;
      if (!hwm) continue;
      sum += rss;
      const known = seen.get(pid);
      // the command is read again while it grows: npm's `sh -c` becomes node once it execs
      if (!known || hwm > known.peakBytes) seen.set(pid, { command, peakBytes: hwm });
    }
    treePeakBytes = Math.max(treePeakBytes, sum);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      const processes = [...seen].map(([pid, p]) => ({ pid, ...p }));
      return { processes: processes.sort((a, b) => b.peakBytes - a.peakBytes), treePeakBytes };
    },
  };
}

/** `npm 55 MB, node start.ts 310 MB, ...`: the tree's processes, biggest first. */
export function describeTree(tree: TreeMemory, top = 6): string {
  return tree.processes
    .slice(0, top)
    .map((p) => `${p.command} ${(p.peakBytes / 1048576).toFixed(0)} MB`)
    .join(', ');
}

async function firstPage(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      const text = await res.text();
      if (res.ok && text.includes('<div id="root"')) return Date.now();
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('no page served in time');
    await sleep(25);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
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
  /** The first start's biggest process (VmHWM, sampled every 50 ms while it runs: the server, the web build, initdb's child). */
  firstStartPeakMemoryBytes: number;
  /** The first start's whole tree at its peak (npm, the server and its children: summed VmRSS, every 50 ms). */
  firstStartTreePeakMemoryBytes: number;
  /** Every process of the first start's tree with its peak, biggest first: `node start.ts 330 MB, ...`. */
  firstStartProcesses: string;
  /** Whether the first start built the web app (web/dist missing, as on a fresh clone). */
  firstStartBuiltWeb: boolean;
  secondStartToFirstPageMs: number;
  secondStartReadyMs: number | null;
  peakMemoryBytes: number;
  memoryNote: string;
}

/**
 * `npm start` as a user runs it (embedded default: one PGlite, in-process bus, in-memory limiter) on a fresh
 * data folder: the first start (creates and migrates PGlite, loads the demo accounts) and the second start,
 * timed from spawn to the first page served. While the first start runs, every process of its tree (npm, the
 * server, its children: the web build when web/dist is missing, initdb when `npm install` made no template) is
 * sampled every 50 ms: the biggest process's peak and the whole tree's. Then the demo chef polls open shifts for
 * a few seconds and the peak resident memory of the Brigade process is read.
 */
export async function measureStartup(root: string): Promise<StartupFigures> {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'brigade-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BRIGADE_DATA_DIR: path.join(dataRoot, 'pglite'),
    LOG_LEVEL: 'warn',
  };
  for (const k of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'BUS_NAMESPACE', 'PORT']) delete env[k];
  // every start launched, stopped in the end whatever happened (a failed start left running took the CPU of every
  // later phase of the bench)
  const launched: ChildProcess[] = [];
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
    launched.push(child);
    return { child, port, t0, output: () => out };
  };
  try {
    // The first start is a fresh clone's: it builds web/dist when it is missing, creates and migrates
    // PGlite and loads the demo accounts.
    const first = await launch();
    const sampling = sampleTreeMemory(first.child.pid!, 50);
    const deadline = Date.now() + 240_000;
    while (!first.output().includes('Brigade is running at')) {
      if (Date.now() > deadline || first.child.exitCode !== null) {
        sampling.stop();
        throw new Error(`first start failed: ${first.output().slice(-500)}`);
      }
      await sleep(50);
    }
    const firstStartMs = Date.now() - first.t0;
    const tree = sampling.stop();
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
      firstStartPeakMemoryBytes: tree.processes[0]?.peakBytes ?? 0,
      firstStartTreePeakMemoryBytes: tree.treePeakBytes,
      firstStartProcesses: describeTree(tree),
      firstStartBuiltWeb: first.output().includes('Building the web app'),
      secondStartToFirstPageMs,
      secondStartReadyMs: readyMs,
      peakMemoryBytes: peak.bytes,
      memoryNote,
    };
  } finally {
    for (const child of launched) await stop(child);
    rmSync(dataRoot, { recursive: true, force: true });
  }
}
