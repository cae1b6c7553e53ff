// Longest suites first (the browser stories spread through the run, below), from durations measured on a 2-core machine and kept in scripts/test-durations.json.
// Jest's own order uses its cache of the last run, which a clean CI checkout never has: it falls back to file
// size, and a 3-minute fault suite that starts last stretches the whole run by minutes. Longest-first keeps every
// worker busy to the end. Suites not in the file (new ones) go first among equals by size, then the measured
// ones by their time. Refresh the file after a full run: `npm test -- --json --outputFile=/tmp/jest.json` then
// `npx tsx scripts/test-durations.ts /tmp/jest.json`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sequencer from '@jest/test-sequencer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let measured = {};
try {
  measured = JSON.parse(readFileSync(path.join(root, 'scripts/test-durations.json'), 'utf8'));
} catch {
  /* no file: jest's own order */
}

/** Seconds a suite is expected to take: measured, else about 1 s per 3 kB of test file (a new suite). */
function expected(test) {
  const relative = path.relative(root, test.path).split(path.sep).join('/');
  if (measured[relative] != null) return measured[relative];
  const size = test.context.hasteFS.getSize(test.path) ?? 0;
  return size / 3000;
}

const isBrowserStory = (test) =>
  path.relative(root, test.path).split(path.sep).join('/').startsWith('tests/e2e/');

/**
 * Longest first, with the browser stories spread evenly through the run: each story is a whole product plus a
 * Chromium (more than a core at its busiest), and three of them side by side on two cores starve each other's
 * waits into time-outs. A story is taken next whenever the stories' share of time taken so far is not ahead of
 * the others' share, so a story runs beside a lighter suite, seldom beside another.
 */
export function order(tests) {
  const byTime = (list) => [...list].sort((a, b) => expected(b) - expected(a));
  const stories = byTime(tests.filter(isBrowserStory));
  const others = byTime(tests.filter((t) => !isBrowserStory(t)));
  const total = (list) => list.reduce((sum, t) => sum + expected(t), 0) || 1;
  const [storiesTotal, othersTotal] = [total(stories), total(others)];
  const out = [];
  let [storiesDone, othersDone] = [0, 0];
  while (stories.length || others.length) {
    const storyNext =
      stories.length && (!others.length || storiesDone / storiesTotal <= othersDone / othersTotal);
    const test = storyNext ? stories.shift() : others.shift();
    if (storyNext) storiesDone += expected(test);
    else othersDone += expected(test);
    out.push(test);
  }
  return out;
}

export default class LongestFirst extends (Sequencer.default ?? Sequencer) {
  sort(tests) {
    return order(tests);
  }
}
