import Stripe from 'stripe';
import { AppError, inTransaction, recordAudit, type OperatorUser } from '@brigade/kit';
import type { z } from 'zod';
import type { payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { interactive, providerError } from '../adapters/stripe';
import {
  findCardDispute,
  markCardDisputeAccepted,
  markCardDisputeSubmitted,
  type CardDisputeRow,
} from '../db/card-disputes.repository';
import { PROVIDER_CALL } from '../domain/anomaly';
import { cardDisputeNotFound, getOpsCardDispute } from '../queries/card-disputes';
import { recordCardDispute } from './record-card-dispute';

type SubmitBody = z.infer<typeof payHttp.SubmitCardDisputeBody>;
type AcceptBody = z.infer<typeof payHttp.AcceptCardDisputeBody>;

// Issue 38: the operator answers a card dispute from the console: submits the evidence it read
// (`disputes.update` with `submit: true`) or accepts it (`disputes.close`: lost). Each calls the provider once
// (one idempotency key per dispute and action), records the provider's answer and is audited.

const closed = () =>
  new AppError(
    409,
    'PAYMENTS.CARD_DISPUTE_CLOSED',
    'This card dispute is closed or its evidence was already submitted: nothing more can be sent',
  );

const OPEN = new Set(['needs_response', 'warning_needs_response']);

async function answerable(ctx: PaymentsContext, id: string): Promise<CardDisputeRow> {
  const row = await findCardDispute(ctx.database, id);
  if (!row) throw cardDisputeNotFound();
  if (row.outcome || row.submitted_at || row.accepted_at || !OPEN.has(row.status)) throw closed();
  return row;
}

/** The provider refused: the dispute is no longer open there (a 400), or a second, different answer (409). */
function refused(err: unknown): never {
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError ||
    err instanceof Stripe.errors.StripeIdempotencyError
  )
    throw closed();
  return providerError(err);
}

/** The evidence as the provider takes it: the sections the operator read, the note after the uncategorized text. */
export function evidenceOf(body: SubmitBody): Record<string, string> {
  const evidence: Record<string, string> = {};
  for (const [k, v] of Object.entries(body.evidence) as Array<[string, string | undefined]>)
    if (v) evidence[k] = v;
  if (body.note) {
    const text = evidence.uncategorized_text ? `${evidence.uncategorized_text}\n\n` : '';
    evidence.uncategorized_text = `${text}Operator's note: ${body.note}`.slice(0, 20_000);
  }
  return evidence;
}

/** `POST /ops/card-disputes/{id}/submit`. */
export async function submitCardDispute(
  ctx: PaymentsContext,
  operator: OperatorUser,
  id: string,
  body: SubmitBody,
) {
  const row = await answerable(ctx, id);
  const evidence = evidenceOf(body);
  const dispute = await ctx.stripe
    .get()
    .disputes.update(id, { evidence, submit: true }, interactive(ctx.config, `card-dispute:${id}:submit`))
    .catch(refused);
  await inTransaction(ctx, async (tx) => {
    await markCardDisputeSubmitted(ctx.database, tx, id, operator.id, dispute.status);
    await recordCardDispute(ctx, tx, dispute, PROVIDER_CALL);
    await recordAudit(ctx.database, tx, {
      operatorId: operator.id,
      operatorEmail: operator.email ?? '',
      action: 'card_dispute.submit',
      subjectType: 'job',
      subjectId: row.job_id,
      jobId: row.job_id,
      reason: body.note ?? null,
      detail: { dispute_id: id, sections: Object.keys(evidence), status: dispute.status },
    });
  });
  return getOpsCardDispute(ctx, id);
}

/** `POST /ops/card-disputes/{id}/accept`: closed as lost at the provider, booked as lost from its answer. */
export async function acceptCardDispute(
  ctx: PaymentsContext,
  operator: OperatorUser,
  id: string,
  body: AcceptBody,
) {
  const row = await answerable(ctx, id);
  const dispute = await ctx.stripe
    .get()
    .disputes.close(id, {}, interactive(ctx.config, `card-dispute:${id}:accept`))
    .catch(refused);
  await inTransaction(ctx, async (tx) => {
    await markCardDisputeAccepted(ctx.database, tx, id, operator.id);
    await recordCardDispute(ctx, tx, dispute, PROVIDER_CALL);
    await recordAudit(ctx.database, tx, {
      operatorId: operator.id,
      operatorEmail: operator.email ?? '',
      action: 'card_dispute.accept',
      subjectType: 'job',
      subjectId: row.job_id,
      jobId: row.job_id,
      reason: body.note,
      detail: { dispute_id: id, status: dispute.status },
    });
  });
  return getOpsCardDispute(ctx, id);
}
