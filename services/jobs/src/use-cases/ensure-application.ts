import { randomUUID } from 'node:crypto';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findApplicationOf, insertApplication, lockApplication } from '../db/applications.repository';
import { JobsErrors } from '../domain/errors';
import type { ApplicationRow } from '../domain/records';

/**
 * The chef's application to the job, locked: the one they have, or a new pending one, for a chef who takes a
 * seat without applying first (accepting a direct or standby offer, Book now). In the caller's transaction,
 * after the job's lock; the unique (job, chef) index is the last word when two requests of one chef race.
 */
export async function ensureApplication(
  ctx: JobsContext,
  tx: Tx,
  jobId: string,
  chef: { id: string; profileId: string },
): Promise<ApplicationRow> {
  const had = await findApplicationOf(ctx.database, tx, jobId, chef.id);
  const appId = had?.id ?? randomUUID();
  if (!had)
    await insertApplication(tx, {
      id: appId,
      job_id: jobId,
      chef_id: chef.id,
      chef_profile_id: chef.profileId,
    });
  const app = await lockApplication(ctx.database, tx, appId);
  if (!app) throw JobsErrors.applicationNotFound();
  return app;
}
