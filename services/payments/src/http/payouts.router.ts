import { Router, type RequestHandler } from 'express';
import { currentUser, parseBody, requireRole } from '@brigade/kit';
import { payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { getInstantPayoutQuote, listInstantPayouts, requestInstantPayout } from '../use-cases/instant-payout';

/** Issue 38: a chef's instant payout: the quote, cashing out now, the list. */
export function payoutsRouter(ctx: PaymentsContext, auth: RequestHandler): Router {
  const router = Router();
  const chef = [auth, requireRole('chef')];

  router.get('/payments/payouts/instant/quote', ...chef, async (req, res) => {
    res.json(await getInstantPayoutQuote(ctx, currentUser(req)));
  });

  router.get('/payments/payouts/instant', ...chef, async (req, res) => {
    res.json(await listInstantPayouts(ctx, currentUser(req)));
  });

  router.post('/payments/payouts/instant', ...chef, async (req, res) => {
    const body = parseBody(payHttp.InstantPayoutBody, req);
    res.status(201).json(await requestInstantPayout(ctx, currentUser(req), body.amount_cents));
  });

  return router;
}
