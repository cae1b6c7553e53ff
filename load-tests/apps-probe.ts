// The chef's applications poll alone (issue 22): where its time goes. Starts the product in real mode as the
// bench does (a process per service), the bench's accounts and seed, then only GET /applications (each driving
// chef's own, 50 connections, closed loop, no ETag) straight to jobs and through the gateway, with the CPU each
// process spent per 1,000 requests and jobs' database transactions per request (pg_stat_database: each
// statement outside a transaction is one). Then the plans (EXPLAIN ANALYZE) of the statements jobs runs.
//
//   npx tsx load-tests/apps-probe.ts          PROBE_ROUNDS=2 (direct and gateway runs, alternated)
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import { freePort, serviceDatabaseUrl } from '@brigade/kit';
import { scenarios } from './scenarios.js';
import { Api } from './lib/api';
import { cannon, type Figure, type Target } from './lib/measure';
import { cpuMs } from './lib/wire';
import { auth, openDatabases, prepare } from './bench/run';
import { log, loopbackOnly, SECONDS } from './bench/settings';
import { startProduct } from './bench/stack';

const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);

/** CPU time (ms) of every PostgreSQL process (the server's backends included). */
async function postgresCpuMs(): Promise<number> {
  let sum = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const comm = (await readFile(`/proc/${pid}/comm`, 'utf8')).trim();
      if (comm === 'postgres') sum += await cpuMs(Number(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return sum;
}

async function main() {
  const runId = `probe_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const databaseUrl = loopbackOnly(
    'DATABASE_URL',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brigade',
  );
  const base = new URL(databaseUrl);
  base.pathname = `/${runId}`;
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: base.toString(),
    AMQP_URL: loopbackOnly('AMQP_URL', process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'),
    REDIS_URL: loopbackOnly('REDIS_URL', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
    BUS_NAMESPACE: runId,
    LOG_LEVEL: 'warn',
    EVENT_RETRY_DELAYS_MS: '500,2000',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    BRIGADE_BUILD_WEB: '0',
    METADATA_SERVER_DETECTION: 'none',
    SMS_SANDBOX: '1',
  };
  log(`starting the product in real mode (databases ${runId}_*) ...`);
  const product = await startProduct(runId, env);
  const api = new Api(product.url);
  const dbs = openDatabases(base.toString());
  const jobsDb = new pg.Client({ connectionString: serviceDatabaseUrl(base.toString(), 'jobs', {}) });
  try {
    const { accounts } = await prepare(product, api, dbs, base.toString(), runId, {});
    await jobsDb.connect();
    const targets = (prefix: string): Target[] =>
      accounts.chefs.map((c) => ({
        path: `${prefix}${scenarios.applicationsPoll.requests[0].path}`,
        headers: auth(c),
      }));
    // product.pids() and product.services both follow the stack's processes, in the same order
    const serviceNames = Object.keys(product.services);
    const names = new Map(product.pids().map((pid, i) => [pid, serviceNames[i] ?? String(pid)]));
    const jobsName = serviceDatabaseUrl(base.toString(), 'jobs', {}).split('/').pop()!;
    const transactions = async () =>
      Number(
        (
          await jobsDb.query(
            'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
            [jobsName],
          )
        ).rows[0].n,
      );
    const measure = async (label: string, origin: string, prefix: string) => {
      const procPids = product.pids();
      const before = await Promise.all(procPids.map(cpuMs));
      const pgBefore = await postgresCpuMs();
      const txBefore = await transactions();
      const figure: Figure = await cannon(origin, targets(prefix), {
        connections: 50,
        seconds: SECONDS,
        expect: 200,
      });
      const txAfter = await transactions();
      const pgAfter = await postgresCpuMs();
      const after = await Promise.all(procPids.map(cpuMs));
      // the warm-up's requests are not in figure.requests: per-search figures are upper bounds
      const per = (ms: number) => Math.round((ms / figure.requests) * 1000);
      const cpu = procPids
        .map((pid, i) => ({ pid, ms: after[i] - before[i] }))
        .filter((p) => p.ms > 20)
        .map((p) => `${names.get(p.pid) ?? p.pid} ${per(p.ms)}`)
        .join(', ');
      log(
        `${label}: ${figure.rps}/s p50 ${figure.p50} p95 ${figure.p95} p99 ${figure.p99} ms, errors ${figure.errors}; ` +
          `CPU ms per 1,000 requests: ${cpu}, postgres ${per(pgAfter - pgBefore)}; ` +
          `jobs transactions per request ${((txAfter - txBefore) / figure.requests).toFixed(2)} (warm-up included)`,
      );
      return figure;
    };
    const jobsUrl = product.services.jobs;
    log(`services: ${JSON.stringify(product.services)}; pids ${product.pids().join(' ')}`);
    const sample = await fetch(`${jobsUrl}${scenarios.applicationsPoll.requests[0].path}`, {
      headers: auth(accounts.chefs[0]),
    });
    const text = await sample.text();
    const parsed = JSON.parse(text) as { applications: unknown[]; total: number };
    log(
      `chef 0: ${parsed.applications.length} applications of ${parsed.total}, body ${Buffer.byteLength(text)} B`,
    );
    if (process.env.PROBE_BODY)
      await import('node:fs/promises').then((fs) => fs.writeFile(process.env.PROBE_BODY!, text));
    for (let round = 1; round <= ROUNDS; round++) {
      if (jobsUrl) await measure(`round ${round} jobs direct`, jobsUrl, '');
      await measure(`round ${round} gateway`, product.url, '/api');
    }
    // The plans of the list's statements, on the seeded data, for the first driving chef.
    const chef = accounts.chefs[0].id;
    const plans = [
      `select to_jsonb(a) as app, to_jsonb(j) as job, to_jsonb(rp) as rp, to_jsonb(cp) as cp, count(*) over () as total
         from jobs.applications a join jobs.jobs j on j.id = a.job_id
         left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
         left join jobs.chef_profiles cp on cp.user_id = a.chef_id
        where a.chef_id = '${chef}' order by a.created_at desc, a.id limit 500`,
      `select user_id, kind, count(*)::int from jobs.reliability_records where user_type = 'chef' and user_id in ('${chef}') group by user_id, kind`,
    ];
    for (const statement of plans) {
      for (let i = 0; i < 3; i++) await jobsDb.query(`explain analyze ${statement}`);
      const plan = await jobsDb.query(`explain (analyze, buffers) ${statement}`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  } finally {
    await jobsDb.end().catch(() => undefined);
    await dbs.jobs.end().catch(() => undefined);
    await dbs.payments.end().catch(() => undefined);
    log('dropping the run databases and queues ...');
    await product.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
