import { existsSync } from 'node:fs';
import path from 'node:path';
import { EmbeddedDataBusy, embeddedDataDir } from '@brigade/kit';
import { markerPath, startEmbedded, writeMarker } from './embedded';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoOperatorEnv, seedDemo } from './seed';

// `npm start`: the whole product on http://localhost:8080 (PORT to change). Embedded by default (PGlite
// under .data/, in-process bus, sandbox providers); real mode when DATABASE_URL / AMQP_URL / REDIS_URL are set.
const started = Date.now();
const dataDir = embeddedDataDir();
// The operator: OPERATOR_EMAIL / OPERATOR_PASSWORD, or in the embedded demo the demo's own.
const operatorEnv = demoOperatorEnv(process.env);
const brigade = await startEmbedded({
  dataDir: process.env.DATABASE_URL ? null : dataDir,
  env: operatorEnv,
}).catch((err) => {
  if (!(err instanceof EmbeddedDataBusy)) throw err;
  console.error(err.message);
  process.exit(1);
});
const seedMarker = process.env.DATABASE_URL ? null : markerPath(path.dirname(dataDir));
if (process.env.BRIGADE_SEED !== '0' && (!seedMarker || !existsSync(seedMarker))) {
  try {
    const accounts = await seedDemo(brigade.url);
    if (seedMarker) writeMarker(path.dirname(dataDir), { seeded_at: new Date().toISOString(), accounts });
  } catch (err) {
    console.warn(`Demo data not loaded: ${(err as Error).message}`);
  }
}
// The SMS outbox link only where there is an outbox (the SMS sandbox, never in production).
const outbox = await fetch(`${brigade.url}/api/dev/sms?limit=1`)
  .then((r) => r.ok)
  .catch(() => false);
const lines = [
  '',
  `  Brigade is running at ${brigade.url}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  `  mode: database=${brigade.mode.database} bus=${brigade.mode.bus} rate-limit=${brigade.mode.rateLimit}`,
  `  API docs: ${brigade.url}/api/docs${outbox ? `   SMS outbox (sandbox): ${brigade.url}/api/dev/sms` : ''}`,
  '',
  `  Demo logins (password "${DEMO_PASSWORD}"):`,
  ...DEMO_ACCOUNTS.map((a) => `    ${a.type.padEnd(10)} ${a.email}  (${a.profile.name}, ${a.profile.city})`),
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

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await brigade.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
