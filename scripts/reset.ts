import { existsSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { embeddedDataDir, embeddedDataHolder } from '@brigade/kit';
import { markerPath } from './embedded-data-dir';

// `npm run reset`: forget the embedded default's data (the PGlite directory, `.data/pglite` or
// BRIGADE_DATA_DIR, and the demo marker beside it), so that the next `npm start` is a first start again.
// Never a real database: with DATABASE_URL set it refuses and touches nothing.
if (process.env.DATABASE_URL) {
  console.error(
    'npm run reset clears only the embedded data (PGlite); DATABASE_URL is set, so nothing was touched. ' +
      'Drop a real database with your own tools.',
  );
  process.exit(1);
}
const dataDir = embeddedDataDir();
const holder = embeddedDataHolder(dataDir);
if (holder) {
  console.error(
    `The embedded data (${dataDir}) is open in another process (pid ${holder}). Stop it first (Ctrl-C in the ` +
      'terminal running `npm start`).',
  );
  process.exit(1);
}
const parent = path.dirname(dataDir);
const removed = [dataDir, markerPath(parent), path.join(parent, 'running.pid')].filter((p) => existsSync(p));
for (const p of removed) rmSync(p, { recursive: true, force: true });
// The default folder (.data/) goes too once empty; a folder named by BRIGADE_DATA_DIR's parent is left.
if (!process.env.BRIGADE_DATA_DIR && existsSync(parent) && readdirSync(parent).length === 0)
  rmdirSync(parent);
console.log(
  removed.length > 0
    ? `Cleared the embedded data (${dataDir}). The next \`npm start\` starts fresh and loads the demo data.`
    : `No embedded data at ${dataDir}: nothing to clear.`,
);
