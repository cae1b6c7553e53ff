import { nextApplication, type ApplicationAction } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationsOfJob, setApplicationState } from '../db/applications.repository';
import type { ApplicationRow } from '../domain/records';

/**
 * Move every application of a job (locked, after its job) that the action allows from its state: withdrawn
 * when the owner cancels, lapsed when the shift expires. Returns the applications moved.
 */
export async function moveApplicationsOfJob(
  ctx: JobsContext,
  tx: Tx,
  jobId: string,
  action: Extract<ApplicationAction, 'withdraw' | 'lapse'>,
): Promise<ApplicationRow[]> {
  const moved: ApplicationRow[] = [];
  for (const app of await applicationsOfJob(ctx.database, tx, jobId)) {
    const next = nextApplication(action, app);
    if (!next) continue;
    await setApplicationState(tx, app.id, next);
    moved.push(app);
  }
  return moved;
}
