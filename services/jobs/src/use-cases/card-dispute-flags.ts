import { AppError, sql, type Executor, type Tx } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { JobsContext } from '../context';

// Issue 38 (ADR 0035): a lost card dispute flags its restaurant until it pays it back (payments' events); a
// flagged restaurant cannot post (POST /jobs, a series, book again): 403 JOBS.CARD_DISPUTE_UNSETTLED.

const s = (ctx: JobsContext) => sql.raw(ctx.database.schema);

/** payments.card_dispute.closed.v1: lost, the restaurant is flagged (once; a settlement heard first wins). */
export async function recordCardDisputeClosed(
  ctx: JobsContext,
  tx: Tx,
  d: EventData<'payments.card_dispute.closed.v1'>,
): Promise<void> {
  if (d.outcome !== 'lost') return;
  await tx.execute(
    sql`insert into ${s(ctx)}.card_dispute_flags (dispute_id, restaurant_id, amount_cents)
        values (${d.dispute_id}, ${d.restaurant_id}, ${d.amount_cents}) on conflict (dispute_id) do nothing`,
  );
}

/** payments.card_dispute.settled.v1: the restaurant paid it back; the flag lifts. */
export async function recordCardDisputeSettled(
  ctx: JobsContext,
  tx: Tx,
  d: EventData<'payments.card_dispute.settled.v1'>,
): Promise<void> {
  await tx.execute(
    sql`insert into ${s(ctx)}.card_dispute_flags (dispute_id, restaurant_id, amount_cents, settled_at)
        values (${d.dispute_id}, ${d.restaurant_id}, ${d.amount_cents}, now())
        on conflict (dispute_id) do update set settled_at = coalesce(card_dispute_flags.settled_at, now())`,
  );
}

/** What the restaurant owes on lost card disputes (0: none; it may post). */
export async function unsettledCardDisputeCents(
  ctx: JobsContext,
  restaurantId: string,
  executor?: Executor,
): Promise<number> {
  const [row] = await ctx.database.rows<{ owed: string | number | null }>(
    sql`select sum(amount_cents) as owed from ${s(ctx)}.card_dispute_flags
         where restaurant_id = ${restaurantId} and settled_at is null`,
    executor,
  );
  return Number(row?.owed ?? 0);
}

/** Refuse a posting while a lost card dispute is unpaid: the text says so, how much, and where to settle. */
export async function ensureNoUnsettledCardDispute(ctx: JobsContext, restaurantId: string): Promise<void> {
  const owed = await unsettledCardDisputeCents(ctx, restaurantId);
  if (owed > 0)
    throw new AppError(
      403,
      'JOBS.CARD_DISPUTE_UNSETTLED',
      `A card dispute on one of your shifts was lost: pay back $${(owed / 100).toFixed(2)} on the Card disputes page before posting shifts again`,
      { owed_cents: owed, settle_url: '/card-disputes' },
    );
}
