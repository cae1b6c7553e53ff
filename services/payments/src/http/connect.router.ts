import { Router, type RequestHandler } from 'express';
import { currentUser, parseBody } from '@brigade/kit';
import { paymentsHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { accountStatus, createConnectedAccount, createOnboardingLink } from '../use-cases/connect-accounts';

/** Stripe Connect onboarding for chefs (payouts) and restaurants. */
export function connectRouter(ctx: PaymentsContext, auth: RequestHandler): Router {
  const router = Router();
  router.use('/payments/connect', auth);

  router.get('/payments/connect/account-status', async (req, res) => {
    res.json(await accountStatus(ctx, currentUser(req)));
  });

  router.post('/payments/connect/create-account', async (req, res) => {
    res.json(await createConnectedAccount(ctx, currentUser(req)));
  });

  router.post('/payments/connect/onboarding-link', async (req, res) => {
    const body = parseBody(paymentsHttp.OnboardingLinkBody, req);
    res.json(await createOnboardingLink(ctx, currentUser(req), body.account_id));
  });

  return router;
}
