import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import pg from 'pg';
import { eventually } from '@brigade/kit/testing';
import {
  CLOCK_AHEAD_LINE,
  freePort,
  MovableClock,
  openDatabase,
  TEST_CLOCK_FILE,
  writeClockFile,
} from '@brigade/kit';
import { loadPolicy } from '@brigade/contracts';
import { runLedgerCheck } from '../../../services/payments/src/scripts/ledger-check';
import { peekDeadLetters } from '../../../kit/src/bus/rabbit-dead-letters';
import { startBalancer, type Balancer } from './balancer';
import { compiled, spawnNode } from './child';
import { prepareDatabases, releaseDatabases } from './databases';
import { deleteRunStamps } from './run-stamps';
export { deleteRunStamps } from './run-stamps';
import { apiCall, runName, TEST_POOL_SIZE, type Api } from './stack';

/**
 * The product as deployed: the gateway, each of the five services and the Stripe sandbox in its own process
 * (`services/<name>/src/main.ts`, `gateway/src/main.ts`, `sandboxes/{stripe,sms}/src/main.ts`, each started from
 * its compiled copy as `npm start` is: child.ts' `compiled`), on a
 * real PostgreSQL server (each service on its own database `<base>_<service>`, the sandbox on
 * `<base>_stripe_sandbox`, fresh base name per run), RabbitMQ (fresh BUS_NAMESPACE) and Redis. Each process keeps its port across restarts, so the gateway finds a restarted service again.
 * `destroy` stops everything and drops the databases and queues of the run.
 *
 * With `instances: n`, the gateway and each service run n times, as Deployments with n replicas: the services'
 * instances behind one address each (a Service: tests/hardening/support/balancer.ts), the gateways side by side
 * (`urls`, what an Ingress balances over).
 */

export const SERVICE_NAMES = ['identity', 'jobs', 'payments', 'messaging', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type ProcessName = ServiceName | 'gateway' | 'stripe-sandbox' | 'sms-sandbox';
/** The databases of a run: one per service, and the Stripe and SMS sandboxes'. */
export type DatabaseName = ServiceName | 'stripe_sandbox' | 'sms_sandbox';

export interface RunningProcess {
  name: ProcessName;
  /** Which instance of `name` (0 unless the stack runs several). */
  instance: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything this incarnation wrote (pino JSON lines). */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

export interface ProcessStack extends Api {
  /** Base name of the run: databases `<name>_<service>`, queues `<name>.*`. */
  name: string;
  /** The environment every process got (DATABASE_URL with the run's base name, BUS_NAMESPACE, ...). */
  env: Record<string, string>;
  /** The first instance of each process. */
  processes: Record<ProcessName, RunningProcess>;
  /** Every instance of each process (the sandboxes run once). */
  replicas: Record<ProcessName, RunningProcess[]>;
  /** Every gateway's address (one per gateway instance; `url` is the first). */
  urls: string[];
  /** SIGKILL (default) or SIGTERM one process (instance 0 unless told) and wait until it is gone. */
  kill(name: ProcessName, signal?: NodeJS.Signals, instance?: number): Promise<number | string>;
  /** Start a process again (same port and environment); resolves once it is ready. */
  start(name: ProcessName, instance?: number): Promise<RunningProcess>;
  /** The database URL of one service (or of the Stripe sandbox). */
  databaseUrl(service: DatabaseName): string;
  /** Run one query on a service's database (or on the Stripe sandbox's). */
  query<T = Record<string, unknown>>(service: DatabaseName, text: string, values?: unknown[]): Promise<T[]>;
  destroy(): Promise<void>;
}

/** Whether this incarnation of a process is still running (neither exited nor killed by a signal). */
const alive = (running: RunningProcess) =>
  running.child.exitCode === null && running.child.signalCode === null;

const entry = (name: ProcessName) =>
  name === 'gateway'
    ? 'gateway/src/main.ts'
    : name === 'stripe-sandbox'
      ? 'sandboxes/stripe/src/main.ts'
      : name === 'sms-sandbox'
        ? 'sandboxes/sms/src/main.ts'
        : `services/${name}/src/main.ts`;

/**
 * Delete a run's RabbitMQ queues and exchange: per service its work queue `<ns>.<service>.events`, its retry
 * queues and its dead-letter queue (ADR 15), and the `hardening` test subscriptions' (faults suite). For the
 * processes a test killed, which could not delete their own.
 */
export async function deleteBusQueues(namespace: string, retryDelays: Array<string | number>): Promise<void> {
  const conn = await amqp.connect(process.env.AMQP_URL!);
  try {
    for (const service of [...SERVICE_NAMES, 'hardening']) {
      const work = `${namespace}.${service}.events`;
      for (const q of [work, `${work}.dlq`, ...retryDelays.map((d) => `${work}.retry.${d}`)]) {
        const ch = await conn.createChannel();
        ch.on('error', () => undefined);
        await ch.deleteQueue(q).catch(() => undefined);
        await ch.close().catch(() => undefined);
      }
    }
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    await ch.deleteExchange(`${namespace}.events`).catch(() => undefined);
    await ch.close().catch(() => undefined);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/**
 * Start the whole product as separate processes. `databaseUrl` names the PostgreSQL server (its path is
 * replaced by the run's base name); `extraEnv` is given to every process.
 */
export async function startProcessStack(
  options: {
    databaseUrl?: string;
    extraEnv?: Record<string, string>;
    prefix?: string;
    /** The run's base name (databases, queues); a fresh one from `prefix` when absent. */
    name?: string;
    /** Extra node flags for every process (the benchmark's --cpu-prof). */
    nodeArgs?: string[];
    /** Instances of the gateway and of each service (default 1). */
    instances?: number;
    /**
     * The services' clock, which the suite moves (ADR 41, amended): a clock file every service process reads
     * (BRIGADE_TEST_CLOCK_FILE). `untilStarted`/`untilEnded` then move it instead of waiting. Absent: the wall
     * clock, as deployed (the benchmark's stacks).
     */
    movableClock?: boolean;
  } = {},
): Promise<ProcessStack> {
  const server = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!server || !process.env.AMQP_URL || !process.env.REDIS_URL)
    throw new Error('startProcessStack needs DATABASE_URL, AMQP_URL and REDIS_URL');
  const name = options.name ?? runName(options.prefix ?? 'proc');
  const base = new URL(server);
  base.pathname = `/${name}`;
  const instances = Math.max(1, options.instances ?? 1);
  const ALL = [...SERVICE_NAMES, 'gateway', 'stripe-sandbox', 'sms-sandbox'] as ProcessName[];
  const replicated = (p: ProcessName) => p === 'gateway' || (SERVICE_NAMES as readonly string[]).includes(p);
  // ports[p]: where the others reach p (with several instances of a service, its balancer); replicaPorts[p][i]:
  // where instance i listens.
  const ports = {} as Record<ProcessName, number>;
  const replicaPorts = {} as Record<ProcessName, number[]>;
  for (const p of ALL) {
    const n = replicated(p) ? instances : 1;
    replicaPorts[p] = [];
    for (let i = 0; i < n; i++) replicaPorts[p].push(await freePort());
    ports[p] = n > 1 && p !== 'gateway' ? await freePort() : replicaPorts[p][0];
  }
  const local = (p: ProcessName) => `http://127.0.0.1:${ports[p]}`;
  const clockFile = options.movableClock
    ? path.join(mkdtempSync(path.join(tmpdir(), `${name}-clock-`)), 'ahead')
    : null;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: base.toString(),
    AMQP_URL: process.env.AMQP_URL,
    REDIS_URL: process.env.REDIS_URL,
    BUS_NAMESPACE: name,
    EVENT_RETRY_DELAYS_MS: '1000,5000,30000',
    DATABASE_POOL_SIZE: TEST_POOL_SIZE,
    // suites post shifts of seconds (issue 35's minimum, shortened)
    MIN_SHIFT_DURATION: '1s',
    PUBLIC_URL: `http://localhost:${ports.gateway}`,
    JWKS_URL: `${local('identity')}/auth/jwks.json`,
    ARGON2_MEMORY_KIB: '4096',
    MONEY_TASK_RETRY_DELAYS_MS: '200,400,800,1600',
    // A payout task whose process is killed mid-call runs again after its lease: (timeout x attempts) + 5 s.
    STRIPE_TIMEOUT_MS: '4000',
    STRIPE_MAX_NETWORK_RETRIES: '1',
    SANDBOX_WEBHOOK_RETRY_DELAYS_MS: '200,400,800,1600,3200',
    NOTIFICATIONS_POLL_MS: '200',
    // Each process names its SMS provider: the SMS sandbox's process (Twilio's SDK at its address), whose outbox
    // the tests read codes from through the gateway.
    SMS_SANDBOX: '1',
    TWILIO_VERIFY_API_BASE_URL: local('sms-sandbox'),
    TWILIO_API_BASE_URL: local('sms-sandbox'),
    SMS_SANDBOX_URL: local('sms-sandbox'),
    // Its webhooks (delivery statuses, texts to Brigade) are signed with a token of the run, which notifications
    // checks them with, and texts to Brigade reach the inbound webhook through the gateway: as compose and the
    // embedded runner do. Without them every status callback and inbound text was refused (403).
    SMS_SANDBOX_AUTH_TOKEN: `sms_run_${randomBytes(16).toString('hex')}`,
    SMS_SANDBOX_INBOUND_URL: `http://localhost:${ports.gateway}/api/notifications/twilio/inbound`,
    IDENTITY_URL: local('identity'),
    JOBS_URL: local('jobs'),
    PAYMENTS_URL: local('payments'),
    MESSAGING_URL: local('messaging'),
    NOTIFICATIONS_URL: local('notifications'),
    // Stripe is the Stripe sandbox's process: payments' SDK at its address, its webhooks to payments, signed
    // with a secret of the run; the gateway shows its pages.
    STRIPE_API_URL: local('stripe-sandbox'),
    STRIPE_SANDBOX_URL: local('stripe-sandbox'),
    STRIPE_SANDBOX_WEBHOOK_URL: `${local('payments')}/payments/webhooks/stripe`,
    STRIPE_WEBHOOK_SECRET: `whsec_run_${randomBytes(16).toString('hex')}`,
    ...(clockFile ? { [TEST_CLOCK_FILE]: clockFile } : {}),
    ...options.extraEnv,
  };
  const retryDelays = env.EVENT_RETRY_DELAYS_MS.split(',').map((d) => d.trim());

  const processes = {} as Record<ProcessName, RunningProcess>;
  const replicas = Object.fromEntries(ALL.map((p) => [p, [] as RunningProcess[]])) as Record<
    ProcessName,
    RunningProcess[]
  >;
  const balancers: Balancer[] = [];
  const launch = async (p: ProcessName, instance = 0, timeoutMs = 60_000): Promise<RunningProcess> => {
    const port = replicaPorts[p][instance];
    if (port === undefined) throw new Error(`${p} has no instance ${instance}`);
    const { child, output, exited } = spawnNode(
      await compiled(entry(p)),
      { ...env, PORT: String(port) },
      options.nodeArgs,
    );
    const running: RunningProcess = {
      name: p,
      instance,
      port,
      url: `http://127.0.0.1:${port}`,
      child,
      output,
      exited,
    };
    replicas[p][instance] = running;
    if (instance === 0) processes[p] = running;
    // Listening (`<name> listening` is logged after the consumers and background loops started) and ready.
    const marker = `"msg":"${p} listening"`;
    let gone: number | string | null = null;
    void exited.then((code) => (gone = code));
    await eventually(
      async () => {
        if (gone !== null) throw new Error(`${p} exited (${gone}) while starting:\n${output().slice(-3000)}`);
        if (!output().includes(marker)) throw new Error(`${p} not listening yet:\n${output().slice(-2000)}`);
        const ready = await fetch(`${running.url}/ready`, { signal: AbortSignal.timeout(2000) });
        if (ready.status !== 200) throw new Error(`${p} /ready ${ready.status}`);
      },
      timeoutMs,
      100,
    ).catch((err) => {
      child.kill('SIGKILL');
      throw err;
    });
    return running;
  };

  const kill = async (p: ProcessName, signal: NodeJS.Signals = 'SIGKILL', instance = 0) => {
    const running = replicas[p][instance];
    if (alive(running)) running.child.kill(signal);
    return running.exited;
  };

  const databaseUrl = (service: DatabaseName) => {
    const url = new URL(base);
    url.pathname = `/${name}_${service}`;
    return url.toString();
  };
  const pools = new Map<DatabaseName, pg.Pool>();
  const query = async <T>(service: DatabaseName, text: string, values: unknown[] = []) => {
    let pool = pools.get(service);
    if (!pool) {
      pool = new pg.Pool({ connectionString: databaseUrl(service), max: 2 });
      pool.on('error', () => undefined);
      pools.set(service, pool);
    }
    return (await pool.query(text, values)).rows as T[];
  };

  const destroy = async () => {
    // Gateway first, then the services (graceful), SIGKILL for any that hangs.
    for (const p of ['gateway', ...SERVICE_NAMES, 'stripe-sandbox', 'sms-sandbox'] as ProcessName[]) {
      await Promise.all(
        replicas[p].map(async (running) => {
          if (!running) return;
          const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
          await kill(p, 'SIGTERM', running.instance);
          clearTimeout(timer);
        }),
      );
    }
    for (const b of balancers) await b.close();
    for (const pool of pools.values()) await pool.end().catch(() => undefined);
    // parked for the next suite, or dropped when one cannot be put back as its template is
    await releaseDatabases(base.toString(), [...SERVICE_NAMES, 'stripe_sandbox', 'sms_sandbox']);
    await deleteBusQueues(name, retryDelays);
    await deleteRunStamps(name).catch(() => undefined);
    if (clockFile) rmSync(path.dirname(clockFile), { recursive: true, force: true });
  };

  // The services' clock (kit's MovableClock, as the in-process stacks'): on each move the file is written, then
  // every live service process has said it follows (a process started later reads the file as it starts).
  const clock = clockFile ? new MovableClock() : undefined;
  clock?.follow(async () => {
    const ahead = Math.round(clock.ahead);
    writeClockFile(clockFile!, ahead);
    const line = `${CLOCK_AHEAD_LINE} ${ahead}\n`;
    await eventually(
      async () => {
        const behind = SERVICE_NAMES.flatMap((s) => replicas[s]).filter(
          (r) => r && alive(r) && !r.output().includes(line),
        );
        if (behind.length > 0)
          throw new Error(`not following the clock yet: ${behind.map((r) => r.name).join(', ')}`);
      },
      10_000,
      20,
    );
  });

  const launchAll = (p: ProcessName) => Promise.all(replicaPorts[p].map((_, i) => launch(p, i)));
  try {
    // Each database a copy of a migrated template (a run of the same name keeps the one it has).
    await prepareDatabases(base.toString(), [...SERVICE_NAMES, 'stripe_sandbox', 'sms_sandbox']);
    for (const p of ALL)
      if (p !== 'gateway' && replicaPorts[p].length > 1)
        balancers.push(await startBalancer(ports[p], () => replicaPorts[p]));
    // Identity first (it owns the signing keys the others fetch lazily), and the Stripe sandbox (payments' SDK
    // calls it from its start) with the SMS sandbox, then the rest together, then the gateway.
    await Promise.all([launchAll('identity'), launch('stripe-sandbox'), launch('sms-sandbox')]);
    await Promise.all(SERVICE_NAMES.filter((s) => s !== 'identity').map((s) => launchAll(s)));
    await launchAll('gateway');
  } catch (err) {
    await destroy().catch(() => undefined);
    throw err;
  }
  const url = `http://localhost:${ports.gateway}`;
  return {
    name,
    env,
    url,
    call: apiCall(url),
    processes,
    replicas,
    urls: replicaPorts.gateway.map((port) => `http://localhost:${port}`),
    kill,
    start: (p, instance = 0) => launch(p, instance),
    ...(clock ? { clock } : {}),
    databaseUrl,
    query,
    destroy,
  };
}

/** The dead letters of the run (one queue per service, ADR 15), by service, each as its event and why it died. */
export async function deadLetters(stack: Pick<ProcessStack, 'name'>): Promise<Record<string, string[]>> {
  const conn = await amqp.connect(process.env.AMQP_URL!);
  const found: Record<string, string[]> = {};
  try {
    for (const service of SERVICE_NAMES) {
      const work = `${stack.name}.${service}.events`;
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      const exists = await ch.checkQueue(`${work}.dlq`).then(
        () => true,
        () => false,
      );
      await ch.close().catch(() => undefined);
      if (!exists) continue;
      // Each dead letter by its event and why it died, so that a failure says what to look at.
      const { latest } = await peekDeadLetters(
        conn,
        { work, subscription: null, types: [] },
        service,
        20,
        20,
      );
      if (latest.length > 0)
        found[service] = latest.map(
          (l) => `${l.event?.type ?? l.type ?? '?'} (${l.queue}, ${l.attempts} attempts): ${l.error}`,
        );
    }
  } finally {
    await conn.close().catch(() => undefined);
  }
  return found;
}

/**
 * ledger:check over a process stack's payments database (the function `npm run ledger:check` runs, with the
 * stack's money rules): the ledger rules and an empty stuck-money report.
 */
export async function expectProcessLedgerGreen(stack: ProcessStack) {
  const database = await openDatabase({ url: stack.databaseUrl('payments'), poolSize: 1 }, 'payments');
  const lines: string[] = [];
  try {
    const ok = await runLedgerCheck(database, (l) => lines.push(l), { policy: loadPolicy(stack.env) });
    if (!ok) throw new Error(`ledger:check failed:\n${lines.join('\n')}`);
  } finally {
    await database.close();
  }
  expect(lines).toContainEqual(expect.stringMatching(/ 0 violation\(s\)$/));
  return lines;
}

/** Nothing stuck in transit: every outbox published, every dead-letter queue empty. */
export async function expectNothingStuck(stack: ProcessStack) {
  await eventually(
    async () => {
      for (const s of SERVICE_NAMES) {
        const [row] = await stack.query<{ n: number }>(
          s,
          `select count(*)::int as n from ${s}.outbox where published_at is null`,
        );
        expect([s, row.n]).toEqual([s, 0]);
      }
    },
    30_000,
    200,
  );
  expect(await deadLetters(stack)).toEqual({});
}

/** What the money did at the Stripe sandbox for one job (its objects live in its own database). */
export async function atStripe(stack: ProcessStack, jobId: string) {
  const [row] = await stack.query<{ transfers: number; charges: number; refunds: number }>(
    'stripe_sandbox',
    `select count(*) filter (where object = 'transfer' and data->>'transfer_group' = $1)::int as transfers,
            count(*) filter (where object = 'payment_intent' and data->>'transfer_group' = $1
                             and data->>'status' = 'succeeded')::int as charges,
            count(*) filter (where object = 'refund' and data->'metadata'->>'job_id' = $1)::int as refunds
       from stripe_sandbox.objects`,
    [jobId],
  );
  return row;
}
