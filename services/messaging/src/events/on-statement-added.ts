import { eventSchemas, type EventEnvelope } from '@brigade/contracts';
import type { EventHandler } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { translateStatement } from '../use-cases/translate-statement';

/**
 * A dispute statement was written: translate it for the operator. Not wrapped in a transaction (the
 * translator may take up to its time-out, and kit's `subscribe` runs each handler in one): a plain bus
 * handler, so it decodes the event itself. The use case is idempotent per statement.
 */
export function onStatementAdded(ctx: MessagingContext): EventHandler {
  return async (event: EventEnvelope<unknown>) => {
    const data = eventSchemas['jobs.dispute.statement_added.v1'].parse(event.data);
    await translateStatement(ctx, data);
  };
}
