import { eventSchemas, type EventEnvelope } from '@brigade/contracts';
import type { EventHandler } from '@brigade/kit';
import { translateStatement, type StatementDeps } from '../use-cases/translate-statement';

/**
 * A dispute statement was written: translate it for the operator. Not wrapped in a transaction (the
 * translator may take up to its time-out); the use case is idempotent per statement.
 */
export function onStatementAdded(deps: StatementDeps): EventHandler {
  return async (event: EventEnvelope<unknown>) => {
    const data = eventSchemas['jobs.dispute.statement_added.v1'].parse(event.data);
    await translateStatement(deps, data);
  };
}
