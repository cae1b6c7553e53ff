import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordStatementTranslation } from '../use-cases/record-statement-translation';

/** messaging translated a dispute statement: keep the translation beside it. */
export const onStatementTranslated: EventHandlerOf<JobsContext, 'messaging.statement.translated.v1'> = (
  ctx,
  tx,
  data,
) => recordStatementTranslation(ctx, tx, data);
