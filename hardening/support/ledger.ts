import type { Database } from '@brigade/kit';
import { runLedgerCheck } from '../../services/payments/src/scripts/ledger-check';
import type { Stack } from './stack';

/** `npm run ledger:check` over the stack's payments database (the same function the command runs). */
export async function ledgerCheck(stack: Stack): Promise<{ ok: boolean; lines: string[] }> {
  const database = stack.brigade.services.payments!.handle.database as Database;
  const lines: string[] = [];
  const ok = await runLedgerCheck(database, (l) => lines.push(l));
  return { ok, lines };
}

export async function expectLedgerGreen(stack: Stack) {
  const { ok, lines } = await ledgerCheck(stack);
  if (!ok) throw new Error(`ledger:check failed:\n${lines.join('\n')}`);
  return lines;
}
