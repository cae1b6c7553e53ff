// The measurements behind the manifests' CPU and memory figures (deploy/k8s/README.md, "Sizing").
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/brigade AMQP_URL=amqp://guest:guest@127.0.0.1:5672 \
//   REDIS_URL=redis://127.0.0.1:6379 npx tsx tests/load/pod-sizing.ts        MEASURE_SECONDS=10 (per poll)
//
// Starts the gateway and the five services as separate processes, each its own `main.ts` as a pod runs it
// (real mode, fresh databases and a bus namespace of their own; no provider keys, so the Stripe and SMS
// sandboxes run beside them as their own processes, as in the dev overlay, and are measured too), loads the demo data through the gateway,
// then reads each process's resident memory (VmRSS) idle, drives the polls the web client makes (changed
// lists: every answer a 200 through gateway and service) with autocannon, and reads the peak memory
// (VmHWM) and the CPU each process used during the load. Prints one JSON document.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cannon, type Figure } from './lib/measure';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../scripts/seed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.MEASURE_SECONDS ?? 10);
const TICK = 100; // USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s

const processes = [
  // first: payments, identity and notifications reach them from their start
  { name: 'stripe-sandbox', main: 'sandboxes/stripe/src/main.ts', port: 4110 },
  { name: 'sms-sandbox', main: 'sandboxes/sms/src/main.ts', port: 4111 },
  { name: 'identity', main: 'services/identity/src/main.ts', port: 4101 },
  { name: 'jobs', main: 'services/jobs/src/main.ts', port: 4102 },
  { name: 'payments', main: 'services/payments/src/main.ts', port: 4103 },
  { name: 'messaging', main: 'services/messaging/src/main.ts', port: 4104 },
  { name: 'notifications', main: 'services/notifications/src/main.ts', port: 4105 },
  { name: 'gateway', main: 'gateway/src/main.ts', port: 4180 },
];

const FIRST = new Set(['stripe-sandbox', 'sms-sandbox', 'identity', 'gateway']);

function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kb('VmRSS') / 1024), peakMiB: Math.round(kb('VmHWM') / 1024) };
}

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}: not ready after 60 s`);
}

async function main() {
  const run = `k8s_measure_${randomBytes(3).toString('hex')}`;
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brigade');
  base.pathname = `/${run}`;
  const url = (p: number) => `http://127.0.0.1:${p}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_PER_MINUTE: '100000000', // the polls below are one user's: measure, do not limit
    SMS_SANDBOX: '1',
    DATABASE_URL: base.toString(),
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    BUS_NAMESPACE: run,
    JWKS_URL: `${url(4101)}/auth/jwks.json`,
    PUBLIC_URL: url(4180),
    IDENTITY_URL: url(4101),
    JOBS_URL: url(4102),
    PAYMENTS_URL: url(4103),
    MESSAGING_URL: url(4104),
    NOTIFICATIONS_URL: url(4105),
    // the providers' sandboxes (deploy/k8s/overlays/dev sets the same, at their Services)
    STRIPE_API_URL: url(4110),
    STRIPE_SANDBOX_URL: url(4110),
    STRIPE_SANDBOX_WEBHOOK_URL: `${url(4103)}/payments/webhooks/stripe`,
    STRIPE_WEBHOOK_SECRET: `whsec_${run}`,
    SMS_SANDBOX_URL: url(4111),
    TWILIO_API_BASE_URL: url(4111),
    TWILIO_VERIFY_API_BASE_URL: url(4111),
  };
  const children = new Map<string, ChildProcess>();
  try {
    for (const p of processes) {
      const child = spawn(process.execPath, ['--import', 'tsx', p.main], {
        cwd: ROOT,
        env: { ...env, PORT: String(p.port) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.set(p.name, child);
      // the sandboxes and identity first (the others fetch identity's keys), the gateway last
      if (FIRST.has(p.name)) await waitReady(url(p.port), child);
    }
    for (const p of processes) await waitReady(url(p.port), children.get(p.name)!);
    const pid = (name: string) => children.get(name)!.pid!;
    const started = Object.fromEntries(processes.map((p) => [p.name, memory(pid(p.name))]));

    await seedDemo(url(4180));
    await new Promise((r) => setTimeout(r, 3000)); // events settle, then idle
    const idle = Object.fromEntries(processes.map((p) => [p.name, memory(pid(p.name))]));

    const token = async (type: string) => {
      const email = DEMO_ACCOUNTS.find((a) => a.type === type)!.email;
      const res = await fetch(`${url(4180)}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { session: { access_token: string } }).session.access_token;
    };
    const chef = { authorization: `Bearer ${await token('chef')}` };
    const restaurant = { authorization: `Bearer ${await token('restaurant')}` };
    const polls = [
      { name: 'openings', path: '/api/jobs?status=open&limit=50', headers: chef },
      { name: 'applications', path: '/api/applications', headers: chef },
      { name: 'conversations', path: '/api/messages/conversations', headers: chef },
      { name: 'payment-status', path: '/api/payments/connect/account-status', headers: restaurant },
      { name: 'chef-search', path: '/api/profiles/chefs?radius=25&limit=25', headers: restaurant },
    ];
    // Each poll loads the gateway and one service: a process's figure is its busiest poll (CPU cores used
    // over that poll's window) and its peak memory over all of them.
    const busiest: Record<string, number> = Object.fromEntries(processes.map((p) => [p.name, 0]));
    const figures: Record<string, Figure | { error: string }> = {};
    for (const poll of polls) {
      const before = Object.fromEntries(processes.map((p) => [p.name, cpuTicks(pid(p.name))]));
      const t0 = process.hrtime.bigint();
      // 10 connections: the 2-core machine is shared by the load generator and six processes.
      figures[poll.name] = await cannon(url(4180), [{ path: poll.path, headers: poll.headers }], {
        connections: 10,
        seconds: SECONDS,
        expect: 200,
      }).catch((err: Error) => ({ error: err.message }));
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      for (const p of processes) {
        const cores = (cpuTicks(pid(p.name)) - before[p.name]) / TICK / wall;
        busiest[p.name] = Math.max(busiest[p.name], Math.round(cores * 100) / 100);
      }
    }
    const load = Object.fromEntries(
      processes.map((p) => [p.name, { busiestPollCores: busiest[p.name], ...memory(pid(p.name)) }]),
    );
    const summary = Object.fromEntries(
      Object.entries(figures).map(([k, f]) => [
        k,
        'error' in f ? f : { rps: f.rps, p99: f.p99, errors: f.errors, statuses: f.statuses },
      ]),
    );
    const report = { run, node: process.version, seconds: SECONDS, started, idle, load, polls: summary };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    for (const child of children.values()) child.kill('SIGTERM');
  }
}

await main();
