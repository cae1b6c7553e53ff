import type { Database } from '@brigade/kit';
import { heldJobs, owedPastDue, unmovedExtras } from '../db/stuck-money.repository';
import { stuckMoney, type StuckMoneyReport, type StuckPolicy } from '../domain/stuck-money';

/**
 * The stuck-money report of `npm run ledger:check` (tests call it too): jobs whose money is still held more
 * than STUCK_MONEY_AFTER after their rule's deadline, disputed jobs awaiting a decision apart.
 */
export async function findStuckMoney(
  database: Database,
  policy: StuckPolicy,
  now: Date = new Date(),
): Promise<StuckMoneyReport> {
  return stuckMoney(await heldJobs(database), policy, now, {
    unmoved: await unmovedExtras(database),
    owed: await owedPastDue(database, now),
  });
}
