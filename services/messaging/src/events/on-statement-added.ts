import { outsideTransaction } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { translateStatement } from '../use-cases/translate-statement';

/**
 * A dispute statement was written: translate it for the operator. Outside the subscription's transaction (the
 * translator may take its whole time-out, which no handler should spend holding a transaction open); the use
 * case records each statement once by itself, through the background lane, behind any chat message (issue 33).
 */
export const onStatementAdded = outsideTransaction<MessagingContext, 'jobs.dispute.statement_added.v1'>(
  (ctx, data) => translateStatement(ctx, data),
);
