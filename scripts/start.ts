import path from 'node:path';
// Only light modules before the product loads (the kit's index and the services come with ./embedded, below).
import { claimEmbeddedData, EmbeddedDataBusy, embeddedDataDir } from '../kit/src/embedded-data';
import type { MessagingHandle } from '../services/messaging/src/app';
import { initPgliteDataDir, markerPath, readMarker, writeMarker } from './embedded-data-dir';
import { ensureWebBuilt } from './embedded-web';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoOperatorEnv, seedDemo } from './seed';

// `npm start`: the whole product on http://localhost:8080 (PORT to change). Embedded by default (PGlite
// under .data/, in-process bus, sandbox providers); real mode when DATABASE_URL / AMQP_URL / REDIS_URL are set.
const started = Date.now();
const dataDir = embeddedDataDir();
// The operator: OPERATOR_EMAIL / OPERATOR_PASSWORD, or in the embedded demo the demo's own.
const operatorEnv = demoOperatorEnv(process.env);
// A fresh clone's first start, one step at a time and before the product loads, so that no two peaks add up:
// the embedded database (copied from the template `npm install` made, else initdb in a child), then the web
// app's build (a child too). The data folder is held first: one process at a time on it.
if (!process.env.DATABASE_URL) {
  try {
    claimEmbeddedData(dataDir);
  } catch (err) {
    if (!(err instanceof EmbeddedDataBusy)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  initPgliteDataDir(dataDir, (s) => console.log(s));
}
if (process.env.BRIGADE_BUILD_WEB !== '0') ensureWebBuilt((s) => console.log(s));
const { startEmbedded } = await import('./embedded');
const brigade = await startEmbedded({
  dataDir: process.env.DATABASE_URL ? null : dataDir,
  env: operatorEnv,
  buildWeb: false,
}).catch((err) => {
  if (!(err instanceof EmbeddedDataBusy)) throw err;
  console.error(err.message);
  process.exit(1);
});
// Ctrl-C from here on stops cleanly (the embedded database closed), even while the demo data loads.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await brigade.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// The demo data: each step is checked and completed on the next start if one was interrupted, and the marker
// ("demo complete") is written only once every account is complete. Only logins that work are printed.
const seedMarker = process.env.DATABASE_URL ? null : markerPath(path.dirname(dataDir));
const marked = seedMarker ? readMarker(path.dirname(dataDir)) : null;
let demoReady: string[] = [];
let demoMissing = 0;
if (process.env.BRIGADE_SEED !== '0' && marked?.complete) demoReady = marked.accounts;
else if (process.env.BRIGADE_SEED !== '0') {
  try {
    const seeded = await seedDemo(brigade.url);
    demoReady = seeded.ready;
    demoMissing = seeded.failed.length;
    for (const f of seeded.failed) console.warn(`Demo account ${f.email} not ready: ${f.reason}`);
    if (seedMarker && seeded.failed.length === 0)
      writeMarker(path.dirname(dataDir), {
        complete: true,
        seeded_at: new Date().toISOString(),
        accounts: seeded.ready,
      });
  } catch (err) {
    console.warn(`Demo data not loaded: ${(err as Error).message}`);
    demoMissing = DEMO_ACCOUNTS.length;
  }
}
if (stopping) await new Promise(() => {}); // Ctrl-C while the demo data loaded: no banner
// The SMS outbox link only where there is an outbox (the SMS sandbox, never in production).
const outbox = await fetch(`${brigade.url}/api/dev/sms?limit=1`)
  .then((r) => r.ok)
  .catch(() => false);
// Which translator messaging picked at its start (it says so on GET /api/messages/translation too).
const translation = (brigade.services.messaging?.handle as MessagingHandle | undefined)?.translation;
const translationLine = !translation
  ? 'Translation: messaging is not running'
  : translation.provider === 'none'
    ? "Translation: off - install Debian's apertium and apertium-eng-spa for offline translation (README)"
    : `Translation: ${translation.provider} (${translation.via}; ${translation.pairs.length === 2 ? 'en<->es' : translation.pairs.join(', ')})`;
const lines = [
  '',
  `  Brigade is running at ${brigade.url}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  `  mode: database=${brigade.mode.database} bus=${brigade.mode.bus} rate-limit=${brigade.mode.rateLimit}`,
  `  API docs: ${brigade.url}/api/docs${outbox ? `   SMS outbox (sandbox): ${brigade.url}/api/dev/sms` : ''}`,
  `  ${translationLine}`,
  ...(brigade.metrics ? [`  Metrics (every service, by service label): ${brigade.metrics.url}/metrics`] : []),
  '',
  ...(demoReady.length > 0 || operatorEnv.OPERATOR_EMAIL
    ? [`  Demo logins (password "${DEMO_PASSWORD}"):`]
    : []),
  ...DEMO_ACCOUNTS.filter((a) => demoReady.includes(a.email)).map(
    (a) => `    ${a.type.padEnd(10)} ${a.email}  (${a.profile.name}, ${a.profile.city})`,
  ),
  ...(demoMissing > 0
    ? [`  Demo data incomplete (${demoMissing} account(s) not ready): run \`npm start\` again to finish it.`]
    : []),
  ...(operatorEnv.OPERATOR_EMAIL
    ? [
        `    ${'operator'.padEnd(10)} ${operatorEnv.OPERATOR_EMAIL}  (the operations console, ${brigade.url}/ops)`,
      ]
    : []),
  ...(process.env.OPERATOR_EMAIL
    ? [
        '',
        `  Operator: ${process.env.OPERATOR_EMAIL} (password from OPERATOR_PASSWORD), console at ${brigade.url}/ops`,
      ]
    : []),
  '',
];
console.log(lines.join('\n'));
