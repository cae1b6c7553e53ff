import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { recordStatementTranslation } from '../use-cases/record-statement-translation';

/** messaging translated a dispute statement: keep the translation beside it. */
export function onStatementTranslated(ctx: JobsContext) {
  return (tx: Tx, data: EventData<'messaging.statement.translated.v1'>) =>
    recordStatementTranslation(ctx, tx, data);
}
