import type { Database } from '@brigade/kit';
import { ledgerFactsOfEveryJob } from '../db/ledger.repository';
import { ledgerProblems, type LedgerCheck } from '../domain/ledger';

/** Every job's ledger against the rules (`npm run ledger:check`). */
export async function checkLedger(database: Database): Promise<LedgerCheck[]> {
  const jobs = await ledgerFactsOfEveryJob(database);
  return jobs.map((f) => {
    const problems = ledgerProblems(f);
    return { job_id: f.job_id, status: f.status, ...f.totals, ok: problems.length === 0, problems };
  });
}
