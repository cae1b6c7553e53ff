import { appendEvent, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { scopesOfChef } from '../db/read-models.repository';
import { insertReliabilityFact, type ReliabilityFact } from '../db/reliability.repository';

/**
 * Put facts on people's reliability records (a completed shift, a late cancellation, a no-show; a dispute
 * decided against a side comes with the operator's decisions, which call this too), each once per user, kind
 * and job, and publish each new one as jobs.reliability.recorded.v1 in the caller's transaction. Returns the
 * list scopes that show the facts (a chef's applicant cards), for the caller's one touchScopes.
 */
export async function recordReliability(
  ctx: JobsContext,
  tx: Tx,
  facts: Array<Omit<ReliabilityFact, 'occurred_at'>>,
): Promise<string[]> {
  const scopes: string[] = [];
  const occurredAt = ctx.now();
  for (const f of facts) {
    const fact = { ...f, occurred_at: occurredAt };
    if (!(await insertReliabilityFact(ctx.database, tx, fact))) continue;
    await appendEvent(ctx.database, tx, 'jobs.reliability.recorded.v1', {
      user_id: f.user_id,
      user_type: f.user_type,
      kind: f.kind,
      job_id: f.job_id,
      seat_no: f.seat_no ?? 1,
      occurred_at: occurredAt.toISOString(),
    });
    if (f.user_type === 'chef') scopes.push(...(await scopesOfChef(ctx.database, tx, f.user_id)));
  }
  return scopes;
}
