// Longest suites first, from durations measured on a 2-core machine and kept in scripts/test-durations.json.
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

export default class LongestFirst extends (Sequencer.default ?? Sequencer) {
  sort(tests) {
    return [...tests].sort((a, b) => expected(b) - expected(a));
  }
}
