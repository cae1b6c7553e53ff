import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { setStatementTranslation } from '../db/disputes.repository';
import { findJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';

/**
 * Messaging translated a dispute statement: the translation is kept beside the original (null: no translator,
 * the operator reads the original). Setting it again to the same text changes nothing visible; an unknown
 * statement is ignored.
 */
export async function recordStatementTranslation(
  ctx: JobsContext,
  tx: Tx,
  t: EventData<'messaging.statement.translated.v1'>,
): Promise<void> {
  const jobId = await setStatementTranslation(ctx.database, tx, t);
  if (!jobId) {
    ctx.logger.warn({ statementId: t.statement_id }, 'translation of an unknown dispute statement; ignored');
    return;
  }
  const job = await findJob(ctx.database, jobId, tx);
  if (job) await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
}
