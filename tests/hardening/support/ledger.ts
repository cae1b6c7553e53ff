import type { ServiceHandle } from '@brigade/kit';
import type { Policy } from '@brigade/contracts';
import { runLedgerCheck } from '../../../services/payments/src/scripts/ledger-check';
import { findStuckMoney } from '../../../services/payments/src/queries/report-stuck-money';
import type { Stack } from './stack';

/** The stack's payments database and the money rules its payments service runs with. */
function payments(stack: Stack) {
  // The payments service's handle carries its policy (createPaymentsService).
  const handle = stack.brigade.services.payments!.handle as ServiceHandle & { policy: Policy };
  return { database: handle.database, policy: handle.policy };
}

/**
 * `npm run ledger:check` over the stack's payments database (the same function the command runs): the ledger
 * rules, the anomalies, and the stuck-money report with the stack's CHECKOUT_DEADLINE and STUCK_MONEY_AFTER.
 */
export async function ledgerCheck(stack: Stack): Promise<{ ok: boolean; lines: string[] }> {
  const { database, policy } = payments(stack);
  const lines: string[] = [];
  const ok = await runLedgerCheck(database, (l) => lines.push(l), { policy, now: stack.clock?.now() });
  return { ok, lines };
}

/** ledger:check is green and no money is held past its rule's deadline (the stuck-money report is empty). */
export async function expectLedgerGreen(stack: Stack) {
  const { ok, lines } = await ledgerCheck(stack);
  if (!ok) throw new Error(`ledger:check failed:\n${lines.join('\n')}`);
  const { database, policy } = payments(stack);
  // at the product's time: a suite that moved its clock past a deadline sees what a deployment would then
  const { stuck } = await findStuckMoney(database, policy, stack.clock?.now());
  if (stuck.length > 0)
    throw new Error(`stuck money:\n${stuck.map((j) => `${j.job_id}: ${j.why}`).join('\n')}`);
  return lines;
}
