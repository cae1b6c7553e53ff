// `npm run ledger:check`: verify the escrow ledger of every job, by the state of its money (closed: charged =
// transferred + fee + refunded; held: charged = the job's total and nothing moved yet; unpaid: nothing charged),
// and list the money facts payments refused (webhook anomalies). Exits 1 on any violation.
//
// Where: DATABASE_URL (the payments database `<base>_payments`) or PAYMENTS_DATABASE_URL whole; with neither,
// the embedded default's data (`.data/pglite`, or BRIGADE_DATA_DIR), which only one process may open at a time:
// stop `npm start` first (the command says so if it is running).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  claimEmbeddedData,
  embeddedDataDir,
  EmbeddedDataBusy,
  openDatabase,
  serviceDatabaseUrl,
  sql,
  type Connection,
  type Database,
} from '@brigade/kit';
import { latestAnomalies } from '../db/anomalies.repository';
import { checkLedger } from '../domain/ledger';

export async function runLedgerCheck(
  database: Database,
  print: (line: string) => void = console.log,
): Promise<boolean> {
  const checks = await checkLedger(database);
  for (const c of checks) {
    const figures = `charged ${c.charged_cents} = transferred ${c.transferred_cents} + fee ${c.fee_cents} + refunded ${c.refunded_cents}`;
    print(
      `${c.ok ? 'ok  ' : 'FAIL'} job ${c.job_id} ${c.status.padEnd(14)} ${figures}${c.ok ? '' : `  <- ${c.problems.join('; ')}`}`,
    );
  }
  const failed = checks.filter((c) => !c.ok).length;
  const byState = (states: string[]) => checks.filter((c) => states.includes(c.status)).length;
  print(
    `${checks.length} job(s) checked (${byState(['completed', 'refunded'])} closed, ${byState(['held_in_escrow', 'disputed'])} held, ${byState(['pending', 'failed'])} unpaid), ${failed} violation(s)`,
  );
  const anomalies = await latestAnomalies(database, 10);
  print(
    `${anomalies.total} money fact(s) refused as not matching our records or the provider (anomalies; they moved nothing)`,
  );
  for (const a of anomalies.rows)
    print(
      `  anomaly ${new Date(a.created_at).toISOString()} ${a.reason} ${a.event_type ?? a.source} ${a.object_id ?? ''}${a.job_id ? ` job ${a.job_id}` : ''}`,
    );
  return failed === 0;
}

/** The payments database this command reads, and how to let go of it. */
async function openPayments(): Promise<{ connection: Connection; release: () => Promise<void> } | null> {
  const url = process.env.PAYMENTS_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url)
    return { connection: { url: serviceDatabaseUrl(url, 'payments'), poolSize: 2 }, release: async () => {} };
  const dataDir = embeddedDataDir();
  if (!existsSync(dataDir)) return null;
  const release = claimEmbeddedData(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dataDir);
  return {
    connection: { pglite },
    release: async () => {
      await pglite.close();
      release();
    },
  };
}

async function main() {
  let opened: Awaited<ReturnType<typeof openPayments>>;
  try {
    opened = await openPayments();
  } catch (err) {
    console.error(err instanceof EmbeddedDataBusy ? err.message : `ledger:check: ${(err as Error).message}`);
    process.exitCode = 2;
    return;
  }
  if (!opened) {
    console.log(
      `no embedded data at ${embeddedDataDir()} (npm start has not run here) and no DATABASE_URL: 0 jobs checked`,
    );
    return;
  }
  const database = await openDatabase(opened.connection, 'payments');
  try {
    const [exists] = await database.rows<{ ok: string | null }>(
      sql`select to_regclass('payments.job_payments')::text as ok`,
    );
    if (!exists?.ok) {
      console.log('no payments ledger in this database yet (the service has not run): 0 jobs checked');
      return;
    }
    const ok = await runLedgerCheck(database);
    process.exitCode = ok ? 0 : 1;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    console.error(`ledger:check could not read the ledger: ${cause?.message ?? (err as Error).message}`);
    process.exitCode = 2;
  } finally {
    await database.close();
    await opened.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
