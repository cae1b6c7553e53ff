// Chef search alone (issue 22): where a search's time goes. Starts the product in real mode as the bench does
// (a process per service), the bench's accounts and seed, then only the chef search, as `npm run bench`
// measures it (50 connections, closed loop, the first page of 25), through the gateway and straight to
// identity, with the CPU each process spent per 1,000 searches and identity's database transactions per
// search (pg_stat_database: each statement outside a transaction is one). Then the search's plan on the
// seeded data (EXPLAIN ANALYZE of the statement identity runs).
//
//   npx tsx tests/load/search-probe.ts          PROBE_ROUNDS=2 (gateway and direct runs, alternated)
//   CHEF_SEARCH_ANSWERS=0 npx tsx tests/load/search-probe.ts     identity keeps no answers (every search a miss)
//   PROBE_EXPLAIN=file.sql                       EXPLAIN (ANALYZE, BUFFERS) of that statement (:lat, :lon replaced)
//   PROBE_SEARCHES=own                           issue 41's searches instead: 50 restaurants, each with its own
//                                                filters, every search new (the bench's chef_search_own row)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { freePort, serviceDatabaseUrl } from '@brigade/kit';
import { Api } from './lib/api';
import { cannon, type Figure, type Target } from './lib/measure';
import { cpuMs, cpuSnapshot } from './lib/wire';
import { openDatabases, prepare } from './bench/run';
import { ownSearchTargets, scenarioSearchTargets, searchingRestaurants } from './bench/search-polls';
import { log, realModeSettings, SECONDS } from './bench/settings';
import { startProduct } from './bench/stack';

const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);

/** CPU time (ms) of every PostgreSQL process (the server's backends included). */
async function postgresCpuMs(): Promise<number> {
  let sum = 0;
  for (const { comm, ms } of (await cpuSnapshot()).byPid.values()) if (comm === 'postgres') sum += ms;
  return sum;
}

async function main() {
  const runId = `probe_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const settings = realModeSettings(runId, await freePort());
  const databaseUrl = settings.databaseUrl;
  const env = {
    ...settings.env,
    // CHEF_SEARCH_ANSWERS=0 turns identity's kept answers off (ADR 16): the search's own cost
    ...(process.env.CHEF_SEARCH_ANSWERS ? { CHEF_SEARCH_ANSWERS: process.env.CHEF_SEARCH_ANSWERS } : {}),
  };

  log(`starting the product in real mode (databases ${runId}_*) ...`);
  const product = await startProduct(runId, env);
  const api = new Api(product.url);
  const dbs = openDatabases(databaseUrl);
  const identityDb = new pg.Client({ connectionString: serviceDatabaseUrl(databaseUrl, 'identity', {}) });
  try {
    const { accounts } = await prepare(product, api, dbs, databaseUrl, runId, {});
    await identityDb.connect();
    const own = process.env.PROBE_SEARCHES === 'own' ? await searchingRestaurants({ api, accounts }) : null;
    let runs = 0;
    // Issue 41's searches: each run a mile wider than the one before, so none of its searches was asked before.
    const targets = (prefix: string): Target[] =>
      own ? ownSearchTargets(own, prefix, runs++) : scenarioSearchTargets(accounts.restaurants, prefix);
    // product.pids() and product.services both follow the stack's processes, in the same order
    const serviceNames = Object.keys(product.services);
    const names = new Map(product.pids().map((pid, i) => [pid, serviceNames[i] ?? String(pid)]));
    const identityName = serviceDatabaseUrl(databaseUrl, 'identity', {}).split('/').pop()!;
    const transactions = async () =>
      Number(
        (
          await identityDb.query(
            'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
            [identityName],
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
        // a warm-up would ask the run's first searches, which the measured part then asks again (kept answers)
        ...(own ? { warmupSeconds: 0 } : {}),
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
          `CPU ms per 1,000 searches: ${cpu}, postgres ${per(pgAfter - pgBefore)}; ` +
          `identity transactions per search ${((txAfter - txBefore) / figure.requests).toFixed(2)} (warm-up included)`,
      );
      return figure;
    };
    const identityUrl = product.services.identity;
    log(`services: ${JSON.stringify(product.services)}; pids ${product.pids().join(' ')}`);
    for (let round = 1; round <= ROUNDS; round++) {
      await measure(`round ${round} gateway`, product.url, '/api');
      if (identityUrl) await measure(`round ${round} identity direct`, identityUrl, '');
    }

    // The plan of the statement identity runs, on the seeded data: the first driving restaurant's place.
    const restaurant = accounts.restaurants[0];
    const place = (
      await identityDb.query(
        'select latitude, longitude from identity.restaurant_profiles where user_id = $1',
        [restaurant.id],
      )
    ).rows[0];
    log(`restaurant 0 at ${place.latitude}, ${place.longitude}`);
    const planOf = process.env.PROBE_EXPLAIN;
    if (planOf) {
      const text = (await readFile(planOf, 'utf8'))
        .replaceAll(':lat', String(place.latitude))
        .replaceAll(':lon', String(place.longitude));
      for (let i = 0; i < 3; i++) await identityDb.query(`explain analyze ${text}`);
      const plan = await identityDb.query(`explain (analyze, buffers) ${text}`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    // PROBE_DUMP=file: identity's seeded schema as SQL (pg_dump), to try plans on after the run
    if (process.env.PROBE_DUMP)
      execFileSync('pg_dump', [
        '-n',
        'identity',
        '-f',
        process.env.PROBE_DUMP,
        serviceDatabaseUrl(databaseUrl, 'identity', {}),
      ]);
  } finally {
    await identityDb.end().catch(() => undefined);
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
