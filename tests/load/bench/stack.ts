import { fork, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@brigade/kit';
import { log, RESULTS, ROOT, TOPOLOGY } from './settings';

// The processes the benchmark starts: the product in real mode, and the bare server (the ceiling).

export interface Product {
  url: string;
  /** The product's processes (one, or the gateway and each service). */
  pids: () => number[];
  /** The product's processes by name (gateway, identity, jobs, ...; `product` when it is one process). */
  pidsByName: () => Record<string, number[]>;
  topology: 'processes' | 'one';
  /** The gateway's process (its CPU time is read around runs), or the one product process. */
  gatewayPid: () => number;
  /** Each service's own URL (processes topology): a diagnostic run goes around the gateway. */
  services: Record<string, string>;
  /**
   * One more gateway process in front of the same services with some settings changed (processes topology
   * only; null otherwise): the same run measures a gateway setting on and off (LEAN_PROXY=0).
   */
  startGateway(
    env: Record<string, string>,
  ): Promise<{ url: string; pid: number; stop(): Promise<void> } | null>;
  stop(): Promise<void>;
}

/**
 * The product in real mode. `processes` (default): as deployed, the gateway and each service in its own
 * process (`node --import tsx <entry>/src/main.ts`, tests/hardening/support/processes.ts). `one`
 * (BENCH_TOPOLOGY=one): everything in one process (the embedded runner with real servers).
 */
export async function startProduct(runId: string, env: Record<string, string>): Promise<Product> {
  if (TOPOLOGY === 'one') {
    const { child, url } = await startOneProcess(env);
    return {
      url,
      pids: () => [child.pid!],
      pidsByName: () => ({ product: [child.pid!] }),
      gatewayPid: () => child.pid!,
      topology: 'one',
      services: {},
      startGateway: async () => null,
      stop: () => stopProduct(child),
    };
  }
  const { startProcessStack } = await import('../../hardening/support/processes');
  const { PORT: _port, HOST: _host, PUBLIC_URL: _public, DATABASE_URL, ...extraEnv } = env;
  process.env.AMQP_URL = env.AMQP_URL;
  process.env.REDIS_URL = env.REDIS_URL;
  const base = new URL(DATABASE_URL);
  base.pathname = '/postgres';
  extraEnv.LOG_LEVEL = 'info'; // the launcher waits for each process's "listening" line; requests log at debug
  const nodeArgs = productNodeArgs();
  const stack = await startProcessStack({ databaseUrl: base.toString(), name: runId, extraEnv, nodeArgs });
  return {
    url: stack.url.replace('localhost', '127.0.0.1'),
    pids: () => Object.values(stack.processes).map((p) => p.child.pid!),
    pidsByName: () =>
      Object.fromEntries(Object.entries(stack.processes).map(([k, p]) => [k, [p.child.pid!]])),
    gatewayPid: () => stack.processes.gateway.child.pid!,
    topology: 'processes',
    services: Object.fromEntries(Object.entries(stack.processes).map(([k, p]) => [k, p.url])),
    startGateway: (changed) => startGateway(stack.env, changed, nodeArgs),
    stop: async () => {
      keepErrorLines(Object.entries(stack.processes).map(([name, p]) => [name, p.output()]));
      await stack.destroy();
    },
  };
}

/** Where the product's error lines of a run are kept (none: no file). */
export const PRODUCT_ERRORS_FILE = path.join(RESULTS, 'product-errors.log');

/**
 * The lines each process logged at error level or worse (pino's 50+), kept in results/product-errors.log, each
 * with its process's name: a write the bench counts as an error (a 500 to a restaurant, say) can then be read
 * after the run, and the bench says how many there were. No file when there were none.
 */
function keepErrorLines(outputs: Array<[string, string]>): void {
  const lines = outputs.flatMap(([name, output]) =>
    output
      .split('\n')
      .filter((line) => /^\{"level":([5-9]\d)/.test(line))
      .map((line) => `${name} ${line}`),
  );
  rmSync(PRODUCT_ERRORS_FILE, { force: true });
  if (lines.length === 0) return;
  writeFileSync(PRODUCT_ERRORS_FILE, `${lines.join('\n')}\n`);
  log(`the product logged ${lines.length} error lines: ${path.relative(ROOT, PRODUCT_ERRORS_FILE)}`);
}

/** A gateway process with the stack's environment and `changed` over it, on a port of its own. */
async function startGateway(
  stackEnv: Record<string, string>,
  changed: Record<string, string>,
  nodeArgs: string[],
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const { spawnNode } = await import('../../hardening/support/child');
  const port = await freePort();
  const { child, output, exited } = spawnNode(
    'gateway/src/main.ts',
    { ...stackEnv, ...changed, PORT: String(port), LOG_LEVEL: 'info' },
    nodeArgs,
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`the extra gateway exited while starting:\n${output().slice(-2000)}`);
    const ready = await fetch(`${url}/ready`).catch(() => null);
    if (ready?.status === 200) break;
    if (i > 300) {
      await stop();
      throw new Error(`the extra gateway did not get ready:\n${output().slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, stop };
}

/**
 * Node's own flags for every product process, in either topology: a CPU profile with BENCH_PROFILE=1, and
 * BENCH_NODE_ARGS (e.g. a GC setting; the children start with NODE_OPTIONS cleared).
 */
function productNodeArgs(): string[] {
  return [
    ...(process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${RESULTS}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
  ];
}

async function startOneProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const execArgv = ['--import', 'tsx', ...productNodeArgs()];
  const child = fork(path.join(ROOT, 'tests/load/lib/product.ts'), [], {
    cwd: ROOT,
    env: { ...process.env, BENCH_PRODUCT_ENV: JSON.stringify(env), LOG_LEVEL: env.LOG_LEVEL },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the product exited while starting (${code})`)));
  });
  return { child, url: ready.url.replace('localhost', '127.0.0.1') };
}

async function stopProduct(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.send({ type: 'destroy' });
  });
}

/** A bare node:http server answering the captured bytes of the openings poll (200, or 304 on its ETag). */
export async function startBare(captured: {
  etag: string;
  headers: Record<string, string>;
  body: string;
}): Promise<{ child: ChildProcess; origin: string }> {
  const file = path.join(tmpdir(), `brigade-bench-openings-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(captured));
  const child = fork(path.join(ROOT, 'tests/load/lib/bare-server.mjs'), [file], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number }>((resolve) =>
    child.once('message', (m) => resolve(m as { port: number })),
  );
  return { child, origin: `http://127.0.0.1:${ready.port}` };
}
