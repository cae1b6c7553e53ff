// Writes scripts/test-durations.json (suite path -> seconds) from a jest JSON report, for the longest-first
// order of scripts/test-sequencer.mjs. Usage: npx tsx scripts/test-durations.ts /tmp/jest.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const report = process.argv[2];
if (!report) {
  console.error('usage: npx tsx scripts/test-durations.ts <jest --json report>');
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const results: { name: string; startTime: number; endTime: number }[] = JSON.parse(
  readFileSync(report, 'utf8'),
).testResults;
const durations = Object.fromEntries(
  results
    .map((r) => [path.relative(root, r.name), Math.round((r.endTime - r.startTime) / 100) / 10] as const)
    .sort((a, b) => b[1] - a[1]),
);
writeFileSync(path.join(root, 'scripts/test-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(
  `${results.length} suites; the longest: ${Object.entries(durations)
    .slice(0, 5)
    .map(([p, s]) => `${p} ${s} s`)
    .join(', ')}`,
);
