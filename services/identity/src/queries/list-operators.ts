import { listOperatorRows } from '../db/operators.repository';
import type { OperatorManager } from '../domain/operators';
import { toOpsOperator } from '../domain/serialize';
import type { OperatorsContext } from '../context';
import { checkManager } from './operator-manager';

/** The operators who have not been removed, oldest first (admins only). */
export async function listOperators(ctx: OperatorsContext, manager: OperatorManager) {
  await checkManager(ctx.database.db, manager);
  const rows = await listOperatorRows(ctx.database.db);
  return { operators: rows.map(toOpsOperator) };
}
