// `npm run ledger:check`: verify the escrow ledger of every closed job (charged = transferred + fee + refunded,
// nothing transferred or refunded twice). Reads DATABASE_URL (the payments database `<base>_payments`, or
// PAYMENTS_DATABASE_URL whole). Prints one line per closed job; exits 1 on any violation.
import { pathToFileURL } from 'node:url';
import { openDatabase, serviceDatabaseUrl, sql, type Database } from '@brigade/kit';
import { checkLedger } from '../domain/ledger';

export async function runLedgerCheck(
  database: Database,
  print: (line: string) => void = console.log,
): Promise<boolean> {
  const checks = await checkLedger(database);
  for (const c of checks) {
    const figures = `charged ${c.charged_cents} = transferred ${c.transferred_cents} + fee ${c.fee_cents} + refunded ${c.refunded_cents}`;
    print(
      `${c.ok ? 'ok  ' : 'FAIL'} job ${c.job_id} ${c.status.padEnd(9)} ${figures}${c.ok ? '' : `  <- ${c.problems.join('; ')}`}`,
    );
  }
  const failed = checks.filter((c) => !c.ok).length;
  print(`${checks.length} closed job(s) checked, ${failed} violation(s)`);
  return failed === 0;
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base && !process.env.PAYMENTS_DATABASE_URL) {
    console.error('ledger:check needs DATABASE_URL (or PAYMENTS_DATABASE_URL) to find the payments database');
    process.exit(2);
  }
  const url = serviceDatabaseUrl(base ?? process.env.PAYMENTS_DATABASE_URL!, 'payments');
  const database = await openDatabase({ url, poolSize: 2 }, 'payments');
  try {
    const [exists] = await database.rows<{ ok: string | null }>(
      sql`select to_regclass('payments.job_payments')::text as ok`,
    );
    if (!exists?.ok) {
      console.log('no payments ledger in this database yet (the service has not run): 0 closed jobs checked');
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
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
