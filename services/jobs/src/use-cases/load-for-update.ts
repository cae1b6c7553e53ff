import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { jobIdOfApplication, lockApplication } from '../db/applications.repository';
import { lockJob } from '../db/jobs.repository';
import type { ApplicationRow, JobRow } from '../domain/records';
import { JobsErrors } from '../domain/errors';

/**
 * Lock an application's job row, then the application, and re-read both: every write to an application
 * goes through here, so writers on one job queue behind each other and each sees the last one's result.
 */
export async function lockApplicationAndJob(
  ctx: JobsContext,
  tx: Tx,
  applicationId: string,
): Promise<{ job: JobRow; app: ApplicationRow }> {
  const jobId = await jobIdOfApplication(ctx.database, applicationId, tx);
  if (!jobId) throw JobsErrors.applicationNotFound();
  const job = await lockJob(ctx.database, tx, jobId);
  const app = await lockApplication(ctx.database, tx, applicationId);
  if (!job || !app) throw JobsErrors.applicationNotFound();
  return { job, app };
}
