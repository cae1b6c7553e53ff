// `npm run bench`: Brigade against this machine's limit. Starts the product in real mode (PostgreSQL,
// RabbitMQ, Redis on 127.0.0.1) in a child process, seeds the issue's data volumes, drives the polls and
// writes of the scenario module (load-tests/scenarios.js) with autocannon from this process, measures a bare
// Node server answering the same bytes as the openings poll, event latencies, `npm start` and the web
// client's JavaScript, then prints a table and writes load-tests/results/latest.json.
//
//   npm run bench                    BENCH_SECONDS=5 (per run)  BENCH_PROFILE=1 (product --cpu-prof)
//   BENCH_SKIP=startup,web           skip parts (startup, web, polls, writes, events)
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serviceDatabaseUrl } from '@brigade/kit';
import { eventLatency, fillPath, scenarios, targets, type ScenarioName } from './scenarios.js';
import { createAccounts, onboardPayouts, type Account } from './lib/accounts';
import { Api, pool, sleep, until } from './lib/api';
import { cannon, loop, percentile, type Figure, type Target } from './lib/measure';
import { seed, VOLUME } from './lib/seed';
import { freePort } from '@brigade/kit';
import { measureStartup, peakMemory, type StartupFigures } from './lib/startup';
import { measureWebJs } from './lib/web-size';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const RESULTS = path.join(ROOT, 'load-tests/results');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TOPOLOGY = process.env.BENCH_TOPOLOGY === 'one' ? 'one' : 'processes';
const SKIP = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const COUNTS = { restaurants: 10, chefs: 50, payoutChefs: 5, transferFlows: 30 };
/**
 * Mutual checkouts per second in the checkout -> transfer measurement (open loop, a steady rate). 10/s is
 * 36,000 shifts an hour, far above what one market's shifts end at; BENCH_CHECKOUT_RATE=20 shows saturation.
 */
const CHECKOUT_RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 10);
const benchStarted = Date.now();

const log = (s: string) =>
  console.log(`[bench ${((Date.now() - benchStarted) / 1000).toFixed(1).padStart(5)} s] ${s}`);

function loopbackOnly(name: string, value: string): string {
  const host = new URL(value).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost')
    throw new Error(`${name} must point at 127.0.0.1 (the benchmark only targets this machine), got ${host}`);
  return value;
}

const uuidOf = (text: string) => {
  const h = createHash('md5').update(text).digest('hex');
  // the same v4-shaped id the seed writes (version nibble 4, variant 8)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};
const jobId = (i: number) => uuidOf(`bench:j:${i}`);

interface Row {
  key: string;
  title: string;
  figure: Figure | null;
  vsBare?: number | null;
  target: string;
  met: boolean | null;
  note?: string;
}

interface Product {
  url: string;
  /** The product's processes (one, or the gateway and each service). */
  pids: () => number[];
  topology: 'processes' | 'one';
  /** Each service's own URL (processes topology): a diagnostic run goes around the gateway. */
  services: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The product in real mode. `processes` (default): as deployed, the gateway and each service in its own
 * process (`node --import tsx <entry>/src/main.ts`, hardening/support/processes.ts). `one`
 * (BENCH_TOPOLOGY=one): everything in one process (the embedded runner with real servers).
 */
async function startProduct(runId: string, env: Record<string, string>): Promise<Product> {
  if (TOPOLOGY === 'one') {
    const { child, url } = await startOneProcess(env);
    return { url, pids: () => [child.pid!], topology: 'one', services: {}, stop: () => stopProduct(child) };
  }
  const { startProcessStack } = await import('../hardening/support/processes');
  const { PORT: _port, HOST: _host, PUBLIC_URL: _public, DATABASE_URL, ...extraEnv } = env;
  process.env.AMQP_URL = env.AMQP_URL;
  process.env.REDIS_URL = env.REDIS_URL;
  const base = new URL(DATABASE_URL);
  base.pathname = '/postgres';
  extraEnv.LOG_LEVEL = 'info'; // the launcher waits for each process's "listening" line; requests log at debug
  const nodeArgs = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${RESULTS}`] : [];
  const stack = await startProcessStack({ databaseUrl: base.toString(), name: runId, extraEnv, nodeArgs });
  return {
    url: stack.url.replace('localhost', '127.0.0.1'),
    pids: () => Object.values(stack.processes).map((p) => p.child.pid!),
    topology: 'processes',
    services: Object.fromEntries(Object.entries(stack.processes).map(([k, p]) => [k, p.url])),
    stop: () => stack.destroy(),
  };
}

async function startOneProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_PROFILE === '1') execArgv.push('--cpu-prof', `--cpu-prof-dir=${RESULTS}`);
  const child = fork(path.join(ROOT, 'load-tests/lib/product.ts'), [], {
    cwd: ROOT,
    env: { ...process.env, BENCH_PRODUCT_ENV: JSON.stringify(env), LOG_LEVEL: env.LOG_LEVEL },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<any>((resolve, reject) => {
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

async function startBare(captured: {
  etag: string;
  headers: Record<string, string>;
  body: string;
}): Promise<{ child: ChildProcess; origin: string }> {
  const file = path.join(tmpdir(), `brigade-bench-openings-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(captured));
  const child = fork(path.join(ROOT, 'load-tests/lib/bare-server.mjs'), [file], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<any>((resolve) => child.once('message', resolve));
  return { child, origin: `http://127.0.0.1:${ready.port}` };
}

/** Wait until the run cannot cross a minute boundary (the per-minute rate-limit window). */
async function withinOneMinute(seconds: number) {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds + 3) await sleep(left * 1000 + 200);
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const runId = `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const databaseUrl = loopbackOnly(
    'DATABASE_URL',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brigade',
  );
  const amqpUrl = loopbackOnly('AMQP_URL', process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const redisUrl = loopbackOnly('REDIS_URL', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const base = new URL(databaseUrl);
  base.pathname = `/${runId}`;
  const rows: Row[] = [];
  const results: Record<string, unknown> = {
    run_id: runId,
    started_at: new Date().toISOString(),
    seconds_per_run: SECONDS,
    cpus: (await import('node:os')).cpus().length,
    node: process.version,
  };

  // ---- the web client's JavaScript ----
  if (!SKIP.has('web')) {
    log('building the web client into a temporary folder (manifest) ...');
    results.web = measureWebJs(ROOT);
  }
  // ---- npm start (embedded default) ----
  let startup: StartupFigures | { error: string } | null = null;
  if (!SKIP.has('startup')) {
    log('npm start twice on a fresh data folder (embedded default) ...');
    startup = await measureStartup(ROOT).catch((err) => ({ error: (err as Error).message }));
    results.startup = startup;
  }

  // ---- the product in real mode ----
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: base.toString(),
    AMQP_URL: amqpUrl,
    REDIS_URL: redisUrl,
    BUS_NAMESPACE: runId,
    LOG_LEVEL: 'warn',
    EVENT_RETRY_DELAYS_MS: '500,2000',
    // counted on every request (Redis), never reached: one token drives thousands of requests a second here
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    BRIGADE_BUILD_WEB: '0',
    METADATA_SERVER_DETECTION: 'none',
    // Real mode names its SMS provider: the sandbox (no texts leave the machine).
    SMS_SANDBOX: '1',
  };
  log(`starting the product in real mode (databases ${runId}_*) ...`);
  const product = await startProduct(runId, env);
  const api = new Api(product.url);
  const dbs = {
    jobs: new pg.Pool({ connectionString: serviceDatabaseUrl(base.toString(), 'jobs', {}), max: 4 }),
    payments: new pg.Pool({ connectionString: serviceDatabaseUrl(base.toString(), 'payments', {}), max: 4 }),
  };
  let bare: ChildProcess | null = null;
  try {
    log(
      `product at ${product.url}; creating ${COUNTS.restaurants} restaurants and ${COUNTS.chefs} chefs through the API ...`,
    );
    const accounts = await createAccounts(api, runId, COUNTS);
    const payoutChefs = accounts.chefs.slice(0, COUNTS.payoutChefs);
    await pool(payoutChefs, 5, (c) => onboardPayouts(api, c));
    // profiles reach the jobs and messaging read models by events; the accept/transfer flows need payouts
    await until(
      'read models of the driving accounts',
      async () => {
        const r = await dbs.jobs.query(
          `select (select count(*) from jobs.chef_profiles where user_id = any($1::uuid[]))::int as chefs,
                (select count(*) from jobs.restaurant_profiles where user_id = any($2::uuid[]))::int as restaurants,
                (select count(*) from jobs.payout_accounts where user_id = any($3::uuid[]) and payouts_enabled)::int as payouts`,
          [
            accounts.chefs.map((c) => c.id),
            accounts.restaurants.map((r) => r.id),
            payoutChefs.map((c) => c.id),
          ],
        );
        const x = r.rows[0];
        return (
          x.chefs === accounts.chefs.length &&
          x.restaurants === accounts.restaurants.length &&
          x.payouts === payoutChefs.length
        );
      },
      30_000,
      100,
    );

    log('seeding the data volumes in SQL ...');
    const seeded = await seed({
      databaseUrl: base.toString(),
      restaurantIds: accounts.restaurants.map((r) => r.id),
      chefIds: accounts.chefs.map((c) => c.id),
    });
    results.seed = seeded.counts;
    results.seed_ms = seeded.ms;
    log(
      `seeded in ${(seeded.ms / 1000).toFixed(1)} s: ${Object.entries(seeded.counts)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );

    const auth = (a: Account) => ({ authorization: `Bearer ${a.token}` });
    const chefs = accounts.chefs;
    const run = (targetsList: Target[], expect: number, connections = 50) =>
      cannon(product.url, targetsList, { connections, seconds: SECONDS, expect });
    const etagged = async (list: Target[]) =>
      pool(list, 10, async (t) => {
        const r = await fetch(`${product.url}${t.path}`, { headers: t.headers });
        const text = await r.text();
        const etag = r.headers.get('etag');
        if (r.status !== 200 || !etag)
          throw new Error(`no ETag for ${t.path}: ${r.status} ${text.slice(0, 200)}`);
        return { path: t.path, headers: { ...t.headers, 'if-none-match': etag } };
      });
    const pollTarget = (s: ScenarioName) => scenarios[s].thresholds;
    const addPoll = (
      key: string,
      name: ScenarioName,
      variant: string,
      figure: Figure,
      vsBare?: number | null,
      target?: string,
    ) => {
      const t = pollTarget(name);
      const latencyOk = figure.p99 < t.p99Ms && figure.errors === 0;
      const ratioTarget =
        key === 'openings_304'
          ? targets.openings304VsBare
          : key === 'openings_200'
            ? targets.openings200VsBare
            : null;
      const ratioOk = ratioTarget === null || (vsBare ?? 0) >= ratioTarget;
      rows.push({
        key,
        title: `${scenarios[name].title} ${variant}`,
        figure,
        vsBare,
        target:
          target ??
          `p99<${t.p99Ms} ms, 0 errors${ratioTarget !== null ? `, >=${Math.round(ratioTarget * 100)}% of bare` : ''}`,
        met: latencyOk && ratioOk,
      });
    };

    // ---- the openings poll and the bare server answering the same bytes ----
    const openingsPath = `/api${scenarios.openingsPoll.requests[0].path}`;
    const first = await fetch(`${product.url}${openingsPath}`, { headers: auth(chefs[0]) });
    const body = await first.text();
    const shown = (JSON.parse(body).jobs as unknown[]).length;
    const headers: Record<string, string> = {};
    first.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers[k] = v;
    });
    const etag = first.headers.get('etag') ?? '';
    if (!SKIP.has('polls')) {
      const bareServer = await startBare({ etag, headers, body });
      bare = bareServer.child;
      log(
        `openings poll: ${shown} shifts, ${Buffer.byteLength(body)} bytes, ${Object.keys(headers).length} headers; bare server at ${bareServer.origin}`,
      );
      const bareTargets = [{ path: openingsPath, headers: auth(chefs[0]) }];
      // The ceiling is the better of two runs of each: a run disturbed by anything else on the machine would
      // flatter every ratio.
      const best = (a: Figure, b: Figure) => (a.rps >= b.rps ? a : b);
      const bareRun = (expect: 200 | 304) =>
        cannon(
          bareServer.origin,
          expect === 200
            ? bareTargets
            : [{ path: openingsPath, headers: { ...auth(chefs[0]), 'if-none-match': etag } }],
          { connections: 50, seconds: SECONDS, expect },
        );
      const bare200 = best(await bareRun(200), await bareRun(200));
      const bare304 = best(await bareRun(304), await bareRun(304));
      bare.kill();
      bare = null;
      rows.push({
        key: 'bare_200',
        title: 'Bare node:http, openings bytes 200',
        figure: bare200,
        target: 'ceiling',
        met: null,
      });
      rows.push({
        key: 'bare_304',
        title: 'Bare node:http, openings bytes 304',
        figure: bare304,
        target: 'ceiling',
        met: null,
      });
      log(`bare: 200 ${bare200.rps}/s, 304 ${bare304.rps}/s`);

      const openingsTargets = chefs.map((c) => ({ path: openingsPath, headers: auth(c) }));
      await withinOneMinute(SECONDS + 1);
      const o200 = await run(openingsTargets, 200);
      addPoll('openings_200', 'openingsPoll', '200', o200, o200.rps / bare200.rps);
      await withinOneMinute(SECONDS + 3);
      const o304 = await run(await etagged(openingsTargets), 304);
      addPoll('openings_304', 'openingsPoll', '304', o304, o304.rps / bare304.rps);
      log(`openings: 200 ${o200.rps}/s p99 ${o200.p99} ms; 304 ${o304.rps}/s p99 ${o304.p99} ms`);
      if (product.services.jobs) {
        // Diagnostic: the same poll straight to the jobs service (its own token check, no gateway hop).
        const direct = chefs.map((c) => ({ path: openingsPath.replace(/^\/api/, ''), headers: auth(c) }));
        const d200 = await cannon(product.services.jobs, direct, {
          connections: 50,
          seconds: SECONDS,
          expect: 200,
        });
        rows.push({
          key: 'openings_200_direct',
          title: 'Openings 200 direct to jobs (no gateway)',
          figure: d200,
          vsBare: d200.rps / bare200.rps,
          target: 'diagnostic',
          met: null,
        });
        log(`openings direct to jobs: 200 ${d200.rps}/s p99 ${d200.p99} ms`);
      }

      const pollRun = async (key: string, name: ScenarioName, targetsList: Target[]) => {
        const f200 = await run(targetsList, 200);
        addPoll(`${key}_200`, name, '200', f200, f200.rps / bare200.rps);
        const f304 = await run(await etagged(targetsList), 304);
        addPoll(`${key}_304`, name, '304', f304, f304.rps / bare304.rps);
        log(`${key}: 200 ${f200.rps}/s p99 ${f200.p99} ms; 304 ${f304.rps}/s p99 ${f304.p99} ms`);
      };
      await pollRun(
        'applications',
        'applicationsPoll',
        chefs.map((c) => ({ path: `/api${scenarios.applicationsPoll.requests[0].path}`, headers: auth(c) })),
      );
      await pollRun(
        'conversations',
        'conversationsPoll',
        chefs.map((c) => ({ path: `/api${scenarios.conversationsPoll.requests[0].path}`, headers: auth(c) })),
      );
      const threadOf = new Map(seeded.threads.map((t) => [t.chefId, t]));
      await pollRun(
        'thread',
        'threadPoll',
        chefs.map((c) => {
          const t = threadOf.get(c.id)!;
          return {
            path: `/api${fillPath(scenarios.threadPoll.requests[0].path, { jobId: t.jobId, lastMessageId: t.lastMessageId })}`,
            headers: auth(c),
          };
        }),
      );
      const searchTargets = accounts.restaurants.flatMap((r) =>
        scenarios.chefSearch.requests.flatMap((q) =>
          Array.from({ length: q.weight }, () => ({ path: `/api${q.path}`, headers: auth(r) })),
        ),
      );
      const search = await run(searchTargets, 200);
      addPoll('chef_search', 'chefSearch', '200', search, search.rps / bare200.rps);
      log(`chef search: ${search.rps}/s p99 ${search.p99} ms`);
    }

    // ---- writes ----
    const addWrite = (key: string, name: ScenarioName, figure: Figure, note?: string) => {
      const { p99Ms } = scenarios[name].thresholds;
      rows.push({
        key,
        title: scenarios[name].title,
        figure,
        target: `p99<${p99Ms} ms`,
        met: figure.p99 < p99Ms && figure.errors === 0,
        ...(note ? { note } : {}),
      });
    };
    const postedJobs: string[] = [];
    {
      const restaurants = accounts.restaurants;
      const shift = (startInMs: number, hours: number) => {
        const start = new Date(Date.now() + startInMs);
        return {
          title: 'Line Cook',
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + hours * 3_600_000).toISOString(),
          hourlyRate: 22.5,
          emergencyLevel: 'normal',
          notifyFavorites: [],
        };
      };
      const postAndPay = async (r: Account, startInMs: number, hours: number) => {
        const posted = await api.call('POST', '/api/jobs', { token: r.token, body: shift(startInMs, hours) });
        const id = posted.body.job.id as string;
        // payments learns the amounts from jobs.job.posted.v1: 404 until it has
        const intent = await until(
          'payments to know the job',
          async () => {
            const res = await api.call('POST', '/api/payments/create-escrow-payment', {
              token: r.token,
              body: { job_id: id },
              expect: [200, 404],
            });
            return res.status === 200 ? res.body : null;
          },
          10_000,
          5,
        );
        const confirm = await fetch(
          `${product.url}/sandbox/stripe/v1/payment_intents/${intent.payment_intent_id}/confirm`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              client_secret: intent.client_secret,
              payment_method: 'pm_card_visa',
            }).toString(),
          },
        );
        const paid: any = await confirm.json();
        if (confirm.status !== 200 || paid.status !== 'succeeded')
          throw new Error(`card confirm: ${confirm.status} ${JSON.stringify(paid).slice(0, 200)}`);
        return id;
      };
      if (!SKIP.has('writes')) {
        log('writes: post+pay ...');
        const pp = await loop(scenarios.postAndPay.bench.connections, SECONDS, async (w, n) => {
          postedJobs.push(
            await postAndPay(restaurants[(w + n) % restaurants.length], 24 * 3_600_000 + n * 60_000, 6),
          );
          return true;
        });
        rows.push({
          key: 'post_pay',
          title: `${scenarios.postAndPay.title} (flow)`,
          figure: pp,
          target: `p99<${scenarios.postAndPay.thresholds.p99Ms} ms`,
          met: pp.p99 < scenarios.postAndPay.thresholds.p99Ms && pp.errors === 0,
          note: 'POST /jobs, create-escrow-payment (retried until payments has the job), card confirm',
        });
        log(`post+pay: ${pp.rps}/s p99 ${pp.p99} ms errors ${pp.errors}`);

        log('writes: apply ...');
        const applied = new Set<string>();
        const ap = await loop(scenarios.apply.bench.connections, SECONDS, async (_w, n) => {
          const c = n % chefs.length;
          const job = jobId((c * 10 + 500 + Math.floor(n / chefs.length)) % VOLUME.openShifts);
          if (applied.has(`${c}:${job}`)) return true;
          applied.add(`${c}:${job}`);
          await api.call('POST', `/api/jobs/${job}/apply`, { token: chefs[c].token, expect: [201] });
          return true;
        });
        addWrite('apply', 'apply', ap);
        log(`apply: ${ap.rps}/s p99 ${ap.p99} ms errors ${ap.errors}`);

        log('writes: accept ...');
        const tokenOf = new Map(restaurants.map((r) => [r.id, r.token]));
        const pending = (
          await dbs.jobs.query<{ id: string; restaurant_id: string }>(
            `select distinct on (a.job_id) a.id, j.restaurant_id from jobs.applications a join jobs.jobs j on j.id = a.job_id
           where j.restaurant_id = any($1::uuid[]) and a.status = 'pending' and j.status = 'open' order by a.job_id, a.created_at`,
            [restaurants.map((r) => r.id)],
          )
        ).rows;
        let nextPending = 0;
        const ac = await loop(scenarios.accept.bench.connections, SECONDS, async () => {
          const p = pending[nextPending++];
          if (!p) return false;
          await api.call('PATCH', `/api/applications/${p.id}`, {
            token: tokenOf.get(p.restaurant_id)!,
            body: { status: 'accepted' },
          });
          return true;
        });
        addWrite('accept', 'accept', ac, `pool of ${pending.length} pending applications`);
        log(`accept: ${ac.rps}/s p99 ${ac.p99} ms errors ${ac.errors}`);
      }

      // ---- event latencies ----
      if (!SKIP.has('events')) {
        log(
          `event latency: mutual checkout -> transfer (${COUNTS.transferFlows} shifts worked end to end) ...`,
        );
        const startIn = 25_000;
        const prepared = await pool(
          Array.from({ length: COUNTS.transferFlows }, (_, i) => i),
          5,
          async (i) => {
            const r = restaurants[i % restaurants.length];
            const chef = payoutChefs[i % payoutChefs.length];
            const id = await postAndPay(r, startIn, 1);
            await until(
              'job open',
              async () =>
                (await dbs.jobs.query(`select 1 from jobs.jobs where id = $1 and status = 'open'`, [id]))
                  .rowCount,
              10_000,
              10,
            );
            const app = await api.call('POST', `/api/jobs/${id}/apply`, { token: chef.token });
            const applicationId = app.body.application.id as string;
            await api.call('PATCH', `/api/applications/${applicationId}`, {
              token: r.token,
              body: { status: 'accepted' },
            });
            await api.call('POST', `/api/applications/${applicationId}/confirm`, {
              token: chef.token,
              body: { confirmed: true },
            });
            return { id, applicationId, r, chef, start: Date.now() + startIn };
          },
        );
        const latestStart = Math.max(...prepared.map((p) => p.start));
        const readyAt = Math.max(
          ...(
            await dbs.jobs.query<{ start_time: Date }>(
              `select start_time from jobs.jobs where id = any($1::uuid[])`,
              [prepared.map((p) => p.id)],
            )
          ).rows.map((x) => x.start_time.getTime()),
        );
        await sleep(Math.max(0, Math.max(latestStart, readyAt) - Date.now() + 1000));
        // Mutual checkouts arrive at a steady rate (open loop), as shifts end through the day, not all at once.
        await Promise.all(
          prepared.map(async (p, i) => {
            await sleep((i * 1000) / CHECKOUT_RATE);
            await api.call('POST', `/api/applications/${p.applicationId}/checkout`, {
              token: p.r.token,
              body: { rating: 5, workCompleted: true, feedback: null },
            });
            const done = await api.call('POST', `/api/applications/${p.applicationId}/checkout`, {
              token: p.chef.token,
              body: { rating: 5, workCompleted: true, feedback: null },
            });
            if (done.body.mutualCheckoutCompleted !== true) throw new Error('mutual checkout not completed');
          }),
        );
        await sleep(1500);
        log('event latency: escrow held -> job open (the post+pay jobs and these shifts) ...');
        results.escrow_held_to_job_open = await eventLatencies(dbs, 'escrow', [
          ...postedJobs,
          ...prepared.map((p) => p.id),
        ]);
        results.checkout_rate_per_second = CHECKOUT_RATE;
        results.mutual_checkout_to_transfer = await eventLatencies(
          dbs,
          'transfer',
          prepared.map((p) => p.id),
        );
      }
    }

    // memory of the product in real mode (all its processes)
    results.real_mode_peak_memory_bytes = product.pids().reduce((sum, pid) => sum + peakMemory(pid).bytes, 0);
    results.topology = product.topology;
    results.openings_poll = { shifts: shown, bytes: Buffer.byteLength(body), etag };
  } finally {
    if (bare) bare.kill();
    await dbs.jobs.end().catch(() => undefined);
    await dbs.payments.end().catch(() => undefined);
    log('dropping the run databases and queues ...');
    await product.stop();
  }

  // ---- event latency rows ----
  for (const [key, k] of [
    ['escrow_held_to_job_open', 'escrowHeldToJobOpen'],
    ['mutual_checkout_to_transfer', 'mutualCheckoutToTransfer'],
  ] as const) {
    const e = results[key] as EventFigure | undefined;
    if (!e) continue;
    const t = eventLatency[k];
    rows.push({
      key,
      title: `Event: ${t.title}`,
      figure: {
        rps: 0,
        p50: e.p50,
        p95: e.p95,
        p99: e.p99,
        requests: e.samples,
        errors: e.missing,
        statuses: {},
        seconds: 0,
      },
      target: `p99<${t.p99Ms} ms`,
      met: e.p99 < t.p99Ms && e.missing === 0,
      note: `${e.samples} samples${key === 'mutual_checkout_to_transfer' ? ` at ${CHECKOUT_RATE} mutual checkouts/s` : ''}${e.missing ? `, ${e.missing} never arrived` : ''}${e.breakdown ? ` (event delivery p50 ${e.breakdown.delivery_p50} / p99 ${e.breakdown.delivery_p99} ms: relay p50 ${e.breakdown.relay_p50}, broker+consumer p50 ${e.breakdown.broker_p50}; transfer task p50 ${e.breakdown.execution_p50} / p99 ${e.breakdown.execution_p99} ms)` : ''}`,
    });
  }

  results.rows = rows;
  results.total_seconds = Math.round((Date.now() - benchStarted) / 100) / 10;
  writeFileSync(path.join(RESULTS, 'latest.json'), JSON.stringify(results, null, 2));
  print(rows, results);
}

interface EventFigure {
  samples: number;
  missing: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  breakdown?: Record<string, number>;
}

/**
 * Latency from the producing transaction to the consumer's effect, read from server timestamps on the one
 * PostgreSQL server (no clock skew): escrow: payments' outbox row of payments.escrow.held.v1 -> jobs' outbox
 * row of jobs.job.opened.v1 (written in the transaction that opened the job); transfer: jobs' outbox row of
 * jobs.checkout.completed.v1 -> payments' ledger entry of the transfer (after the provider answered).
 */
async function eventLatencies(
  dbs: { jobs: pg.Pool; payments: pg.Pool },
  kind: 'escrow' | 'transfer',
  jobIds: string[],
): Promise<EventFigure> {
  const [from, to] =
    kind === 'escrow'
      ? [
          await dbs.payments.query(
            `select payload->>'job_id' as job_id, min(occurred_at) as at from payments.outbox where type = 'payments.escrow.held.v1' and payload->>'job_id' = any($1) group by 1`,
            [jobIds],
          ),
          await dbs.jobs.query(
            `select payload->>'job_id' as job_id, min(occurred_at) as at from jobs.outbox where type = 'jobs.job.opened.v1' and payload->>'job_id' = any($1) group by 1`,
            [jobIds],
          ),
        ]
      : [
          await dbs.jobs.query(
            `select payload->>'job_id' as job_id, min(occurred_at) as at from jobs.outbox where type = 'jobs.checkout.completed.v1' and payload->>'job_id' = any($1) group by 1`,
            [jobIds],
          ),
          await dbs.payments.query(
            `select job_id::text as job_id, created_at as at from payments.ledger_entries where kind = 'transfer' and job_id = any($1::uuid[])`,
            [jobIds],
          ),
        ];
  const start = new Map(from.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
  const samples: number[] = [];
  for (const r of to.rows) {
    const t0 = start.get(r.job_id);
    if (t0 !== undefined) samples.push(new Date(r.at).getTime() - t0);
  }
  samples.sort((a, b) => a - b);
  const figure: EventFigure = {
    samples: samples.length,
    missing: start.size - samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples[samples.length - 1] ?? NaN,
  };
  if (kind === 'transfer') {
    // Where the time goes, each stage from server timestamps (a transaction's now() is its start):
    //   relay:    checkout transaction -> jobs' relay claimed the outbox row (published_at)
    //   broker:   relay -> payments' handler transaction began (processed_events, which also wrote the task)
    //   delivery: relay + broker (checkout -> the money task written)
    //   transfer: the money task written -> the transfer recorded in the ledger (lease, provider call, write)
    const published = await dbs.jobs.query(
      `select payload->>'job_id' as job_id, min(published_at) as at from jobs.outbox where type = 'jobs.checkout.completed.v1' and payload->>'job_id' = any($1) group by 1`,
      [jobIds],
    );
    const tasks = await dbs.payments.query(
      `select job_id::text as job_id, created_at from payments.money_tasks where kind = 'transfer' and job_id = any($1::uuid[])`,
      [jobIds],
    );
    const relayed = new Map(published.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
    const done = new Map(to.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
    const stages = {
      relay: [] as number[],
      broker: [] as number[],
      delivery: [] as number[],
      transfer: [] as number[],
    };
    for (const t of tasks.rows) {
      const t0 = start.get(t.job_id);
      const t1 = relayed.get(t.job_id);
      const t2 = new Date(t.created_at).getTime();
      const t3 = done.get(t.job_id);
      if (t0 !== undefined) stages.delivery.push(t2 - t0);
      if (t0 !== undefined && t1 !== undefined) stages.relay.push(t1 - t0);
      if (t1 !== undefined) stages.broker.push(t2 - t1);
      if (t3 !== undefined) stages.transfer.push(t3 - t2);
    }
    for (const list of Object.values(stages)) list.sort((a, b) => a - b);
    figure.breakdown = {
      delivery_p50: percentile(stages.delivery, 50),
      delivery_p99: percentile(stages.delivery, 99),
      relay_p50: percentile(stages.relay, 50),
      relay_p99: percentile(stages.relay, 99),
      broker_p50: percentile(stages.broker, 50),
      broker_p99: percentile(stages.broker, 99),
      execution_p50: percentile(stages.transfer, 50),
      execution_p99: percentile(stages.transfer, 99),
    };
  }
  return figure;
}

function print(rows: Row[], results: Record<string, any>) {
  const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
  const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
  const num = (n: number | undefined | null, d = 1) =>
    n === undefined || n === null || Number.isNaN(n) ? '-' : n.toFixed(d);
  const lines = [
    '',
    `Brigade benchmark ${results.run_id}  (${results.topology === 'one' ? 'one product process' : 'gateway and services as separate processes'}, ${results.cpus} CPUs, ${results.node}, ${results.seconds_per_run} s per run, 50 connections for polls)`,
    '',
    `${pad('figure', 44)} ${lpad('req/s', 8)} ${lpad('p50 ms', 7)} ${lpad('p95 ms', 7)} ${lpad('p99 ms', 7)} ${lpad('errors', 6)} ${lpad('vs bare', 7)}  target`,
    '-'.repeat(120),
  ];
  for (const r of rows) {
    const f = r.figure;
    lines.push(
      `${pad(r.title, 44)} ${lpad(f && f.rps ? String(f.rps) : '-', 8)} ${lpad(num(f?.p50), 7)} ${lpad(num(f?.p95), 7)} ${lpad(num(f?.p99), 7)} ${lpad(String(f?.errors ?? '-'), 6)} ${lpad(r.vsBare === undefined || r.vsBare === null ? '' : `${(r.vsBare * 100).toFixed(1)}%`, 7)}  ${r.target}${r.met === null ? '' : r.met ? '  OK' : '  MISSED'}${r.note && r.key.startsWith('mutual') ? `  ${r.note}` : ''}`,
    );
  }
  lines.push('-'.repeat(120));
  const s = results.startup;
  if (s && !s.error) {
    lines.push(
      `npm start -> first page (second start): ${(s.secondStartToFirstPageMs / 1000).toFixed(2)} s   target < ${targets.startToFirstPageMs / 1000} s  ${s.secondStartToFirstPageMs < targets.startToFirstPageMs ? 'OK' : 'MISSED'}   (first start with web build when missing and demo seeding: ${(s.firstStartMs / 1000).toFixed(1)} s)`,
    );
    lines.push(
      `embedded default peak memory: ${(s.peakMemoryBytes / 1048576).toFixed(0)} MB   target < 1024 MB  ${s.peakMemoryBytes < targets.embeddedPeakMemoryBytes ? 'OK' : 'MISSED'}   (${s.memoryNote})`,
    );
  } else if (s) lines.push(`npm start: not measured (${s.error})`);
  const w = results.web;
  if (w && !w.error) {
    lines.push(
      `landing page JavaScript: ${(w.landing.gzipBytes / 1024).toFixed(1)} KB gzipped (${w.landing.files} files, ${(w.landing.rawBytes / 1024).toFixed(0)} KB raw)   target < 150 KB  ${w.landing.gzipBytes < targets.landingJsGzipBytes ? 'OK' : 'MISSED'}`,
    );
    lines.push(
      `chef openings page JavaScript: ${(w.openings.gzipBytes / 1024).toFixed(1)} KB gzipped (${w.openings.files} files; screen ${w.openings.screen})`,
    );
  } else if (w) lines.push(`web JavaScript: not measured (${w.error})`);
  if (results.real_mode_peak_memory_bytes)
    lines.push(
      `real-mode product (${results.topology === 'one' ? 'gateway + 5 services in one process' : 'gateway + 5 service processes, summed'}) peak memory: ${(results.real_mode_peak_memory_bytes / 1048576).toFixed(0)} MB`,
    );
  lines.push(
    `seeded: ${Object.entries(results.seed ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} in ${((results.seed_ms ?? 0) / 1000).toFixed(1)} s`,
  );
  lines.push(`whole run ${results.total_seconds} s; written to load-tests/results/latest.json`, '');
  console.log(lines.join('\n'));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
