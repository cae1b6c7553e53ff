import { AppError, type AuthUser } from '@brigade/kit';
import type { payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { listCardDisputes, type CardDisputeRow } from '../db/card-disputes.repository';

// Issue 38: the card disputes as the operator console and the restaurant read them.

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export const cardDisputeNotFound = () =>
  new AppError(404, 'PAYMENTS.CARD_DISPUTE_NOT_FOUND', 'Card dispute not found or not authorized');

export function cardDisputeView(
  r: CardDisputeRow & { job_title: string; restaurant_name: string | null },
): payHttp.CardDispute {
  return {
    id: r.id,
    job_id: r.job_id,
    job_title: r.job_title,
    restaurant_id: r.restaurant_id,
    restaurant_name: r.restaurant_name,
    charge_id: r.charge_id,
    payment_intent_id: r.payment_intent_id,
    amount_cents: r.amount_cents,
    reason: r.reason,
    status: r.status as payHttp.CardDispute['status'],
    evidence_due_by: iso(r.evidence_due_by),
    submitted_at: iso(r.submitted_at),
    accepted_at: iso(r.accepted_at),
    restaurant_flagged: r.restaurant_flagged,
    settled_at: iso(r.settled_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** `GET /ops/card-disputes`: open ones first, the evidence due soonest first; then the closed ones, newest first. */
export async function listOpsCardDisputes(ctx: PaymentsContext) {
  return { card_disputes: (await listCardDisputes(ctx.database)).map(cardDisputeView) };
}

/** `GET /ops/card-disputes/{id}`. */
export async function getOpsCardDispute(ctx: PaymentsContext, id: string) {
  const [row] = await listCardDisputes(ctx.database, { id });
  if (!row) throw cardDisputeNotFound();
  return { card_dispute: cardDisputeView(row) };
}

/** `GET /payments/card-disputes`: the restaurant's lost disputes (settled or not) and what it still owes. */
export async function listOwnCardDisputes(ctx: PaymentsContext, user: AuthUser) {
  const rows = (await listCardDisputes(ctx.database, { restaurantId: user.id })).filter(
    (r) => r.outcome === 'lost',
  );
  return {
    total_owed_cents: rows.filter((r) => !r.settled_at).reduce((t, r) => t + r.amount_cents, 0),
    card_disputes: rows.map((r) => ({
      id: r.id,
      job_id: r.job_id,
      job_title: r.job_title,
      amount_cents: r.amount_cents,
      status: r.status as payHttp.CardDispute['status'],
      settled_at: iso(r.settled_at),
    })),
  };
}

/** The job's card dispute on `GET /payments/job/{jobId}` (the newest, when there were several). */
export async function jobCardDispute(ctx: PaymentsContext, jobId: string) {
  const rows = await listCardDisputes(ctx.database, { jobId });
  const r = rows.sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at))[0];
  return r
    ? { id: r.id, status: r.status as payHttp.CardDispute['status'], amount_cents: r.amount_cents }
    : null;
}
