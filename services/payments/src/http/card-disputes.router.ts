import { Router, type RequestHandler, type Request } from 'express';
import { AppError, currentOperator, currentUser, parse, parseBody, requireRole } from '@brigade/kit';
import { payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { getOpsCardDispute, listOpsCardDisputes, listOwnCardDisputes } from '../queries/card-disputes';
import { acceptCardDispute, submitCardDispute } from '../use-cases/answer-card-dispute';
import { settleCardDispute } from '../use-cases/settle-card-dispute';

// Issue 38: card disputes (chargebacks): the operator console's queue and answers, the restaurant's settling.

/** A dispute id as the provider writes it (`dp_...`); anything else is no dispute of ours. */
function disputeId(req: Request): string {
  const id = String(req.params.disputeId ?? '');
  if (!/^dp_[A-Za-z0-9_]{1,100}$/.test(id))
    throw new AppError(404, 'PAYMENTS.CARD_DISPUTE_NOT_FOUND', 'Card dispute not found or not authorized');
  return id;
}

export function cardDisputesRouter(
  ctx: PaymentsContext,
  auth: RequestHandler,
  operator: RequestHandler,
): Router {
  const router = Router();
  const restaurant = [auth, requireRole('restaurant')];

  router.get('/payments/card-disputes', ...restaurant, async (req, res) => {
    res.json(await listOwnCardDisputes(ctx, currentUser(req)));
  });

  router.post('/payments/card-disputes/:disputeId/settle', ...restaurant, async (req, res) => {
    const id = disputeId(req);
    const body = parse(payHttp.SettleCardDisputeBody, req.body ?? {});
    res.json(await settleCardDispute(ctx, currentUser(req), id, body.paymentMethodId));
  });

  router.get('/ops/card-disputes', operator, async (_req, res) => {
    res.json(await listOpsCardDisputes(ctx));
  });

  router.get('/ops/card-disputes/:disputeId', operator, async (req, res) => {
    res.json(await getOpsCardDispute(ctx, disputeId(req)));
  });

  router.post('/ops/card-disputes/:disputeId/submit', operator, async (req, res) => {
    const id = disputeId(req);
    const body = parseBody(payHttp.SubmitCardDisputeBody, req);
    res.json(await submitCardDispute(ctx, currentOperator(req), id, body));
  });

  router.post('/ops/card-disputes/:disputeId/accept', operator, async (req, res) => {
    const id = disputeId(req);
    const body = parseBody(payHttp.AcceptCardDisputeBody, req);
    res.json(await acceptCardDispute(ctx, currentOperator(req), id, body));
  });

  return router;
}
