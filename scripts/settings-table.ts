// `npm run settings:table` writes the README's settings table from the config schemas; with `--check`
// (`npm run lint`) it exits 1 when the table in the README is not the one the schemas make, or when a variable
// has no meaning written (scripts/settings/meanings.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { settingsTable } from './settings/table';

const README = new URL('../README.md', import.meta.url);
const START =
  '<!-- settings-table: made by `npm run settings:table` from the config schemas; do not edit -->';
const END = '<!-- settings-table end -->';

const { table, problems } = settingsTable();
if (problems.length > 0) {
  console.error(`The settings table cannot be made:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const readme = readFileSync(README, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) {
  console.error(`README.md has no settings table markers (${START} ... ${END}).`);
  process.exit(1);
}
const next = `${readme.slice(0, from + START.length)}\n${table}\n${readme.slice(to)}`;
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md: the settings table is stale; run `npm run settings:table` and commit it.');
    process.exit(1);
  }
  console.log('README.md: the settings table matches the config schemas.');
} else {
  writeFileSync(README, next);
  console.log('README.md: settings table written.');
}
