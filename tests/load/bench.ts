// `npm run bench`: Brigade against this machine's limit. Starts the product in real mode (PostgreSQL,
// RabbitMQ, Redis on 127.0.0.1) in a child process, seeds the data volumes, drives the polls and
// writes of the scenario module (tests/load/scenarios.js) with autocannon from this process, measures a bare
// Node server answering the same bytes as the openings poll, event latencies, `npm start` and the web
// client's JavaScript, then prints a table and writes tests/load/results/latest.json.
//
//   npm run bench                    BENCH_SECONDS=5 (per run)  BENCH_PROFILE=1 (product --cpu-prof)
//   BENCH_SKIP=startup,web           skip parts (startup, web, lighthouse, polls, writes, events, clock)
//   BENCH_POLLS=conversations        only these polls (openings, applications, conversations, unread, inbox, thread,
//                                    search)
//   BENCH_HOLD=600                   after seeding, keep the product up 600 s (to EXPLAIN on its databases;
//                                    results/hold.json: its addresses and the driving accounts' tokens)
//
// The phases, in order, each in tests/load/bench/: settings.ts (the environment), stack.ts (the product and
// the bare server), run.ts (accounts and seed), polls.ts (with openings-wire.ts,
// search-polls.ts and poll-rows.ts), writes.ts, events.ts, clock.ts, report.ts (the table).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@brigade/kit';
import { Api } from './lib/api';
import { benchLighthouse } from './lib/lighthouse';
import { measureStartup, peakMemory, type StartupFigures } from './lib/startup';
import { measureWebJs } from './lib/web-size';
import { CLOCK_SETTINGS, measureClock } from './bench/clock';
import { eventRows, measureEvents } from './bench/events';
import { measureGrowth } from './bench/growth';
import { captureOpenings, measurePolls } from './bench/polls';
import { print } from './bench/report';
import { openDatabases, prepare, type BenchRun, type Row } from './bench/run';
import { benchStarted, log, realModeSettings, RESULTS, ROOT, SCALES, SECONDS, SKIP } from './bench/settings';
import { startProduct } from './bench/stack';
import { measureWrites } from './bench/writes';

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const runId = `bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  // Checked first: the servers must be this machine's.
  const { databaseUrl, env } = realModeSettings(runId, await freePort());
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
  log(`starting the product in real mode (databases ${runId}_*) ...`);
  // the clock phase's seats are a week out: their clocks must be open now (bench/clock.ts)
  const product = await startProduct(runId, { ...env, ...CLOCK_SETTINGS });
  const api = new Api(product.url);
  const dbs = openDatabases(databaseUrl);
  try {
    const prepared = await prepare(product, api, dbs, databaseUrl, runId, results);
    const run: BenchRun = { product, api, dbs, ...prepared, rows, results };
    // with BENCH_SCALE the hold is after the largest scale (bench/growth.ts)
    if (process.env.BENCH_HOLD && SCALES.length === 0) {
      // What a probe needs to drive the held product (git-ignored, like every result): its addresses and the
      // driving accounts' tokens.
      const holdFile = path.join(RESULTS, 'hold.json');
      writeFileSync(
        holdFile,
        JSON.stringify(
          {
            url: product.url,
            services: product.services,
            accounts: prepared.accounts,
            seeded: prepared.seeded,
          },
          null,
          2,
        ),
      );
      log(`holding ${process.env.BENCH_HOLD} s (databases ${runId}_*; addresses and tokens in ${holdFile})`);
      await new Promise((r) => setTimeout(r, Number(process.env.BENCH_HOLD) * 1000));
    }
    const openings = await captureOpenings(run);
    if (!SKIP.has('lighthouse'))
      results.lighthouse = await benchLighthouse(api, prepared.accounts.chefs[0], RESULTS, rows, log);
    if (!SKIP.has('polls')) await measurePolls(run, openings);
    const postedJobs = SKIP.has('writes') ? [] : await measureWrites(run);
    if (!SKIP.has('events')) await measureEvents(run, postedJobs);
    // last: its seats hold the payout chefs a week out, after every shift the phases above book
    if (!SKIP.has('clock')) await measureClock(run);
    // after every other phase: it grows the data they measure at 1x
    if (SCALES.length > 0) results.growth = await measureGrowth(run);

    // memory of the product in real mode (all its processes)
    results.real_mode_peak_memory_bytes = product.pids().reduce((sum, pid) => sum + peakMemory(pid).bytes, 0);
    results.topology = product.topology;
    results.openings_poll = {
      shifts: openings.shown,
      bytes: Buffer.byteLength(openings.body),
      etag: openings.etag,
    };
  } finally {
    await dbs.jobs.end().catch(() => undefined);
    await dbs.payments.end().catch(() => undefined);
    log('dropping the run databases and queues ...');
    await product.stop();
  }

  rows.push(...eventRows(results));
  results.rows = rows;
  results.total_seconds = Math.round((Date.now() - benchStarted) / 100) / 10;
  writeFileSync(path.join(RESULTS, 'latest.json'), JSON.stringify(results, null, 2));
  print(rows, results as Parameters<typeof print>[1]);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
