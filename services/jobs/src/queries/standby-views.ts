import type { z } from 'zod';
import type { fillHttp } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import { standbyCount, standbyPosition } from '../db/standby.repository';
import type { ViewContext } from './view-context';

/** The chef's place on a shift's standby list and how many wait (issue 37: POST and DELETE /jobs/{id}/standby). */
export async function standbyView(
  ctx: Pick<ViewContext, 'database'>,
  jobId: string,
  chefId: string,
  executor?: Executor,
): Promise<z.infer<typeof fillHttp.StandbyResponse>> {
  return {
    job_id: jobId,
    position: await standbyPosition(ctx.database, jobId, chefId, executor),
    standby_count: await standbyCount(ctx.database, jobId, executor),
  };
}
