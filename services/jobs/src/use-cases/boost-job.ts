import { inTransaction, type AuthUser } from '@brigade/kit';
import type { fillHttp } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockJob } from '../db/jobs.repository';
import { JobsErrors } from '../domain/errors';
import { checkBoost } from './check-boost';
import { requestEditCharge } from './request-edit-charge';

/**
 * The owner boosts an unfilled shift's rate (`POST /jobs/{id}/boost`, issue 37), checked under the job's lock
 * so the figures answered are the ones moved. A boost is an edit of the rate only (ADR 0031), kept in
 * jobs.job_edits as `charging` with kind 'boost': `jobs.job.edit_requested.v1` asks payments to charge the
 * difference off-session to the card the escrow kept, and the new rate shows only when payments says it
 * collected it (`applyCollectedEdit` -> `applyBoost`); a declined card leaves the rate (the owner's
 * `pending_edit` says so). Returns the quote (the answer is 202 while it is charged).
 */
export async function boostJob(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'language'>,
  jobId: string,
  rateCents: number,
): Promise<fillHttp.BoostQuote> {
  return inTransaction(ctx, async (tx) => {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job || job.restaurant_id !== user.id) throw JobsErrors.jobNotFound();
    const { before, after, money, quote } = await checkBoost(ctx, tx, job, rateCents, user.language);
    await requestEditCharge(ctx, tx, job, {
      kind: 'boost',
      before,
      after,
      chargeCents: money.charge_cents,
      language: user.language,
    });
    return quote;
  });
}
