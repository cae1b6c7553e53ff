import { withinLimit } from './within-limit';

/**
 * Independent scenarios of one suite run side by side, each reported by its own test: a suite whose scenarios
 * each wait on the clock (a shift's start and end, a rule's window) takes as long as its longest scenario, not
 * their sum.
 *
 * They all start in one `beforeAll` (limited to `setUpLimitMs`), which waits until every one has settled or run
 * out of its own time limit; each test then reports its own scenario's outcome. Not jest's `test.concurrent`:
 * jest 30 refuses a dynamic `import()` while no test or hook runs, and the first concurrent test to end marks the
 * runtime "between tests" while the others still run (a stack's lazy imports then fail with "You are trying to
 * `import` a file outside of the scope of the test code").
 */
export function sideBySide(setUpLimitMs: number) {
  const scenarios = new Map<string, { run: () => Promise<void>; limitMs: number }>();
  const outcomes = new Map<string, Promise<void>>();
  beforeAll(async () => {
    for (const [name, { run, limitMs }] of scenarios) outcomes.set(name, withinLimit(run(), limitMs));
    await Promise.allSettled(outcomes.values());
  }, setUpLimitMs);
  return {
    /** A scenario of its own, run with the others and failed if it takes longer than `limitMs`. */
    test(name: string, run: () => Promise<void>, limitMs: number) {
      if (scenarios.has(name)) throw new Error(`two scenarios named "${name}"`);
      if (limitMs >= setUpLimitMs) throw new Error(`"${name}": its limit must be below the set-up's`);
      scenarios.set(name, { run, limitMs });
      test(name, () => outcomes.get(name) ?? Promise.reject(new Error(`"${name}" never started`)));
    },
  };
}
