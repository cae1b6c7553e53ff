// BENCH_SCALE=10,100: the same polls and searches as the seeded city grows to 10x and 100x its data (issue 41).
import { RedisStamps } from '@brigade/kit';
import { scenarios } from '../scenarios.js';
import { cannon, summarise, type Figure, type Target } from '../lib/measure';
import { grow } from '../lib/seed';
import { auth, type BenchRun } from './run';
import { log, SCALES, SECONDS } from './settings';

/** Each figure's p99 at 100x must stay within this many times its p99 at 1x. */
export const GROWTH_LIMIT = 2;

/** One figure across the scales: its p99 (and req/s) at each, and its ratio to 1x. */
export interface GrowthFigure {
  key: string;
  title: string;
  /** By scale ("1", "10", "100"). */
  figures: Record<string, Figure>;
  ratio: Record<string, number>;
  /** The largest scale's p99 within GROWTH_LIMIT times 1x's. */
  within: boolean;
}

export interface Growth {
  scales: number[];
  /** Rows added and seconds taken to grow to each scale. */
  seeded: Record<string, { counts: Record<string, number>; seconds: number }>;
  /** The openings list's `total` (open shifts in the first chef's area) at each scale: the list the chefs poll grew. */
  openingsTotal: Record<string, number>;
  figures: GrowthFigure[];
}

/**
 * The growth figures at 1x (measured here, in the same minutes as the larger scales), then for each factor of
 * BENCH_SCALE: the seed grown to it (lib/seed.ts `grow`, then VACUUM ANALYZE), and the same figures again:
 * - the openings poll (as the screen asks: the shared list, kept per version) and the list's build, the first
 *   answer after a change (the one answer a new shift costs the city's chefs: jobs reads every open shift in
 *   the area again);
 * - each chef's own applications and conversation list (their own rows only: these should stay flat);
 * - chef search with every search new (no kept answer holds it: the query reads the city's chefs).
 * Each poll is run twice and the lower p99 kept (a run disturbed by the loaded machine would decide the ratio).
 */
export async function measureGrowth(run: BenchRun): Promise<Growth> {
  const { product, accounts } = run;
  const chefs = accounts.chefs;
  const runId = String(run.results.run_id);
  const stamps = new RedisStamps(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', runId);
  const openingsPath = `/api${scenarios.openingsPoll.requests[0].path}`;
  const perChef = (path: string): Target[] => chefs.map((c) => ({ path: `/api${path}`, headers: auth(c) }));
  const searchPath = scenarios.chefSearch.requests[0].path;
  const lower = (a: Figure, b: Figure) => (a.p99 <= b.p99 ? a : b);
  const twice = async (f: () => Promise<Figure>) => lower(await f(), await f());
  const poll = (targets: Target[]) => () =>
    cannon(product.url, targets, { connections: 50, seconds: SECONDS, expect: 200 });

  /**
   * A change to the open list as a posted shift makes it: the `jobs` version raised and its stamp published, so
   * the gateway's kept body and jobs' kept list are stale; the first chef's next poll builds the list again.
   */
  const changeOpenList = async () => {
    const r = await run.dbs.jobs.query<{ version: string }>(
      `insert into jobs.list_versions (scope, version) values ('jobs', 1)
       on conflict (scope) do update set version = jobs.list_versions.version + 1 returning version`,
    );
    await stamps.publish([[stamps.key('jobs', 'jobs'), Number(r.rows[0].version)]]);
  };
  const openingsBuild = async () => {
    const latencies: number[] = [];
    for (let n = 0; n < 20; n++) {
      await changeOpenList();
      const t0 = performance.now();
      const res = await fetch(`${product.url}${openingsPath}`, { headers: auth(chefs[n % chefs.length]) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`openings after a change: ${res.status}`);
      latencies.push(performance.now() - t0);
    }
    return summarise(latencies, 1, { 200: latencies.length }, 0);
  };
  const openingsTotal = async () => {
    await changeOpenList();
    const res = await fetch(`${product.url}${openingsPath}`, { headers: auth(chefs[0]) });
    return (JSON.parse(await res.text()) as { total: number }).total;
  };

  const titles: Record<string, string> = {
    openings_200: 'Openings poll 200 (shared list)',
    openings_build: 'Openings list after a change (build)',
    applications_200: "Applications poll (chef's own) 200",
    conversations_200: 'Conversations poll 200',
    chef_search_fresh: 'Chef search, every search new',
  };
  const byKey = new Map<string, Record<string, Figure>>(Object.keys(titles).map((k) => [k, {}]));
  const growth: Growth = { scales: [1, ...SCALES], seeded: {}, openingsTotal: {}, figures: [] };

  const measureAt = async (scale: number, index: number) => {
    const at = (key: string, f: Figure) => {
      byKey.get(key)![String(scale)] = f;
      log(`growth ${scale}x: ${titles[key]}: ${f.rps}/s p99 ${f.p99} ms`);
    };
    growth.openingsTotal[String(scale)] = await openingsTotal();
    at('openings_200', await twice(poll(chefs.map((c) => ({ path: openingsPath, headers: auth(c) })))));
    at('openings_build', await openingsBuild());
    at('applications_200', await twice(poll(perChef(scenarios.applicationsPoll.requests[0].path))));
    at('conversations_200', await twice(poll(perChef(scenarios.conversationsPoll.requests[0].path))));
    // Every search new at each scale: the radius a ten-thousandth of a mile apart, its own per scale (no answer
    // kept at a smaller scale, nor by the polls' own "every search new" row), 15 to 55 miles.
    const fresh = (pass: number) =>
      Array.from({ length: 40_000 }, (_, n) => ({
        path: `/api${searchPath.replace(/radius=[\d.]+/, `radius=${(15 + n / 1000 + (2 * index + pass + 1) / 10_000).toFixed(4)}`)}`,
        headers: auth(accounts.restaurants[n % accounts.restaurants.length]),
      }));
    const search = (pass: number) =>
      cannon(product.url, fresh(pass), { connections: 50, seconds: SECONDS, expect: 200, warmupSeconds: 0 });
    at('chef_search_fresh', lower(await search(0), await search(1)));
  };

  try {
    await measureAt(1, 0);
    let from = 1;
    for (const [i, scale] of SCALES.entries()) {
      log(`growth: seeding ${from}x -> ${scale}x ...`);
      const grown = await grow(run.databaseUrl, from, scale);
      growth.seeded[String(scale)] = { counts: grown.counts, seconds: Math.round(grown.ms / 100) / 10 };
      log(
        `growth: ${scale}x in ${(grown.ms / 1000).toFixed(1)} s: ${Object.entries(grown.counts)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
      );
      from = scale;
      await measureAt(scale, i + 1);
    }
    if (process.env.BENCH_HOLD) {
      log(`holding ${process.env.BENCH_HOLD} s at ${from}x (databases ${runId}_*)`);
      await new Promise((r) => setTimeout(r, Number(process.env.BENCH_HOLD) * 1000));
    }
  } finally {
    await stamps.close();
  }
  const largest = String(growth.scales.at(-1));
  for (const [key, figures] of byKey) {
    const base = figures['1'];
    // no ratio where a run had no answer at all (every request timed out: p99 NaN)
    const ratio = Object.fromEntries(
      Object.entries(figures)
        .filter(([, f]) => f.requests > 0 && base.requests > 0)
        .map(([scale, f]) => [scale, Math.round((f.p99 / base.p99) * 100) / 100]),
    );
    growth.figures.push({
      key,
      title: titles[key],
      figures,
      ratio,
      within: ratio[largest] !== undefined && ratio[largest] <= GROWTH_LIMIT,
    });
  }
  return growth;
}
