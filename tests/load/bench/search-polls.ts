import { scenarios } from '../scenarios.js';
import { cannon, type Figure } from '../lib/measure';
import { pollRow } from './poll-rows';
import { auth, type BenchRun } from './run';
import { log, SECONDS } from './settings';

/** Chef search: the scenario's repeated searches (kept answers after the first) and every search new. */
export async function measureSearch(run: BenchRun, bare200: Figure) {
  const { product, accounts, rows } = run;
  const runTargets = (targetsList: Parameters<typeof cannon>[1], expect: number) =>
    cannon(product.url, targetsList, { connections: 50, seconds: SECONDS, expect });
  const addPoll = (...args: Parameters<typeof pollRow>) => rows.push(pollRow(...args));
  const searchTargets = accounts.restaurants.flatMap((r) =>
    scenarios.chefSearch.requests.flatMap((q) =>
      Array.from({ length: q.weight }, () => ({ path: `/api${q.path}`, headers: auth(r) })),
    ),
  );
  const search = await runTargets(searchTargets, 200);
  addPoll('chef_search', 'chefSearch', '200', search, search.rps / bare200.rps);
  log(`chef search: ${search.rps}/s p99 ${search.p99} ms`);
  // The scenario's two searches as no kept answer holds them (ADR 16), in its proportions (three broad, one
  // dishwasher with rates): the radius a thousandth of a mile apart each time (15 to 55 miles), so every search is
  // new to identity and reads its database; no warm-up (it would make the first searches of the run kept ones).
  // The row above repeats them from two places, as restaurants of one place asking the same skills do, and is
  // answered from kept answers after the first.
  const [broad, dishwasher] = scenarios.chefSearch.requests.map((q) => q.path);
  const freshTargets = Array.from({ length: 40_000 }, (_, n) => ({
    path: `/api${(n % 4 === 3 ? dishwasher : broad).replace(/radius=[\d.]+/, `radius=${(15 + n / 1000).toFixed(3)}`)}`,
    headers: auth(accounts.restaurants[n % accounts.restaurants.length]),
  }));
  const fresh = await cannon(product.url, freshTargets, {
    connections: 50,
    seconds: SECONDS,
    expect: 200,
    warmupSeconds: 0,
  });
  rows.push({
    key: 'chef_search_fresh',
    title: 'Chef search, every search new (no kept answer)',
    figure: fresh,
    vsBare: fresh.rps / bare200.rps,
    target: 'diagnostic: kept answers miss',
    met: null,
  });
  log(`chef search, every search new: ${fresh.rps}/s p99 ${fresh.p99} ms`);
}
