import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCall, payJob, postJob, signUp } from '../tests/hardening/support/stack';
import { ROOT, startEmbedded } from './embedded';

// `npm run ledger:check` with no DATABASE_URL reads the embedded default's data (PGlite under .data/, or
// BRIGADE_DATA_DIR). PGlite is one process's database: while `npm start` holds the data the command refuses
// with a clear message instead of opening it a second time; once the product is stopped it checks every job.

const ledgerCheck = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = { ...process.env, BRIGADE_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.PAYMENTS_DATABASE_URL;
  const run = spawnSync('npx', ['tsx', 'services/payments/src/scripts/ledger-check.ts'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
};

test('ledger:check refuses the embedded data while npm start holds it, and checks it once stopped', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'brigade-ledger-'));
  const dataDir = path.join(dir, 'pglite');
  try {
    const brigade = await startEmbedded({
      port: 0,
      dataDir,
      buildWeb: false,
      env: { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '', ARGON2_MEMORY_KIB: '4096' },
    });
    let stopped = false;
    try {
      const api = { url: brigade.url, call: apiCall(brigade.url) };
      const restaurant = await signUp(api, 'restaurant');
      const job = await postJob(api, restaurant);
      await payJob(api, restaurant, job);

      const busy = ledgerCheck(dataDir);
      expect(busy.code).toBe(2);
      expect(busy.out).toContain(`is open in another process (pid ${process.pid})`);

      await brigade.stop();
      stopped = true;
      const checked = ledgerCheck(dataDir);
      expect(checked.code).toBe(0);
      expect(checked.out).toMatch(
        new RegExp(`^ok +job ${job.id} held_in_escrow +charged ${job.totalCents} `, 'm'),
      );
      expect(checked.out).toContain('1 job(s) checked (0 closed, 1 held, 0 unpaid), 0 violation(s)');
    } finally {
      if (!stopped) await brigade.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
