import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertNoShow, removeNoShow } from '../db/instant-payouts.repository';

/**
 * Whether a mark on someone's record is payments' concern: a chef's no-show. Every other mark (each checkout
 * records two) is taken by the subscription without a transaction (`onlyWhen`).
 */
export function isChefNoShow(d: { kind: string; user_type: string }): boolean {
  return d.kind === 'no_shows' && d.user_type === 'chef';
}

/**
 * Issue 38: a no-show on a chef's record (jobs.reliability.recorded.v1, kind `no_shows`), kept for the instant
 * payout's free rule (no no-show in 90 days). Other kinds are not payments' concern: completed shifts are counted
 * from payments' own decisions and ledger (worked and paid, not cancellation pay).
 */
export async function recordNoShow(
  ctx: PaymentsContext,
  tx: Executor,
  d: EventData<'jobs.reliability.recorded.v1'>,
) {
  if (!isChefNoShow(d)) return;
  await insertNoShow(ctx.database, tx, {
    user_id: d.user_id,
    job_id: d.job_id,
    seat_no: d.seat_no ?? null,
    occurred_at: d.occurred_at,
  });
}

/**
 * Issue 39: an operator removed a no-show on appeal (jobs.mark.removed.v1): it no longer counts against the free
 * rule. Other kinds of marks are not payments' concern.
 */
export async function removeNoShowMark(
  ctx: PaymentsContext,
  tx: Executor,
  d: EventData<'jobs.mark.removed.v1'>,
) {
  if (!isChefNoShow(d)) return;
  await removeNoShow(ctx.database, tx, {
    user_id: d.user_id,
    job_id: d.job_id,
    seat_no: d.seat_no,
    occurred_at: d.occurred_at,
    removed_at: d.removed_at,
  });
}
