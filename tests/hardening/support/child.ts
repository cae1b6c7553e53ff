import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain ES module of the launcher's (scripts/start-bundle.mjs), without types
import { compiledEntry } from '../../../scripts/start-bundle.mjs';
import { TEST_POOL_SIZE, type ProductClock } from './stack';

export const ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface ChildStack {
  url: string;
  process: ChildProcess;
  /**
   * The product's clock in the child (ADR 41), moved through its stdin; `ahead` is how far it was moved, for a
   * restarted stack to start from (`spawnStack(env, { clockAheadMs })`).
   */
  clock: ProductClock & { readonly ahead: number };
  /** Everything the process wrote (pino's JSON lines included). */
  output(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

export interface NodeChild {
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr, pino's JSON lines included). */
  output(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/** Each entry's compiled copy, asked once per suite (jest gives each test file its own modules). */
const compiling = new Map<string, Promise<string>>();

/**
 * The compiled copy of a process's entry (`services/jobs/src/main.ts`, from the repository's root or absolute),
 * as `npm start` runs its own (scripts/start-bundle.mjs): the same sources, compiled by the same esbuild that tsx
 * uses, without tsx's loader resolving and reading ~1,600 modules one by one at each start. A process starts in
 * about 1.2 s of CPU instead of 3 (issue 41: the stacks of processes start 8-14 of them, and restart some). The
 * copy on disk serves every suite while its sources are unchanged.
 */
export function compiled(entry: string): Promise<string> {
  let bundle = compiling.get(entry);
  if (!bundle) compiling.set(entry, (bundle = compiledEntry(entry) as Promise<string>));
  return bundle;
}

/**
 * `node [nodeArgs] <script>` from the repository root (through tsx for a .ts script; a compiled .mjs with its
 * source maps), with `env` over this process's environment (jest's worker id and NODE_OPTIONS cleared); stdout
 * and stderr are captured into `output()`.
 */
export function spawnNode(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  stdin: 'ignore' | 'pipe' = 'ignore',
): NodeChild {
  const loader = script.endsWith('.mjs') ? ['--enable-source-maps'] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: ROOT,
    env: { ...process.env, JEST_WORKER_ID: '', NODE_OPTIONS: '', ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d.toString()));
  child.stderr!.on('data', (d) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => out, exited };
}

/**
 * Start tests/hardening/support/run-stack.ts in a child process with this environment, its clock `clockAheadMs`
 * ahead of the wall clock; resolves once it listens.
 */
export async function spawnStack(
  env: Record<string, string>,
  options: { timeoutMs?: number; clockAheadMs?: number } = {},
): Promise<ChildStack> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const { child, output, exited } = spawnNode(
    await compiled('tests/hardening/support/run-stack.ts'),
    { ...env, BRIGADE_TEST_CLOCK_AHEAD_MS: String(options.clockAheadMs ?? 0) },
    [],
    'pipe',
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stack did not start:\n${output().slice(-3000)}`)),
      timeoutMs,
    );
    const check = () => {
      const m = /BRIGADE_URL (\S+)/.exec(output());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited (${code}) before listening:\n${output().slice(-3000)}`));
    });
  });
  let ahead = options.clockAheadMs ?? 0;
  const clock = {
    now: () => new Date(Date.now() + ahead),
    get ahead() {
      return ahead;
    },
    /** Move the child's clock and wait for its answer (`BRIGADE_CLOCK_AHEAD <ms>`, one more line per move). */
    moveTo: async (at: Date | number) => {
      const target = typeof at === 'number' ? at : at.getTime();
      const answers = () => output().match(/BRIGADE_CLOCK_AHEAD (\d+)/g) ?? [];
      const before = answers().length;
      child.stdin!.write(`MOVE ${Math.round(target)}\n`);
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          const all = answers();
          if (all.length <= before) return;
          child.stdout!.off('data', check);
          ahead = Number(all[all.length - 1].split(' ')[1]);
          resolve();
        };
        child.stdout!.on('data', check);
        void exited.then((code) => reject(new Error(`stack exited (${code}) while its clock moved`)));
      });
    },
  };
  return { url, process: child, output, exited, clock };
}

/** The environment of a fresh stack in the current mode (real servers when set), for spawnStack. */
export function freshStackEnv(name: string): Record<string, string> {
  if (process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL) {
    const base = new URL(process.env.DATABASE_URL);
    base.pathname = `/${name}`;
    return {
      DATABASE_URL: base.toString(),
      BUS_NAMESPACE: name,
      EVENT_RETRY_DELAYS_MS: '100,200',
      BRIGADE_DESTROY_ON_STOP: '1',
      SMS_SANDBOX: '1',
      MAIL_SANDBOX: '1',
      DATABASE_POOL_SIZE: TEST_POOL_SIZE,
      MIN_SHIFT_DURATION: '1s',
    };
  }
  // Suites post shifts of seconds (issue 35's minimum, shortened), in either mode.
  return {
    DATABASE_URL: '',
    AMQP_URL: '',
    REDIS_URL: '',
    EVENT_RETRY_DELAYS_MS: '50,100',
    MIN_SHIFT_DURATION: '1s',
  };
}
