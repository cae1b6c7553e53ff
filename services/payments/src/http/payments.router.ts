import { Router, type RequestHandler } from 'express';
import { currentUser, parseBody, requireRole, uuidParam } from '@brigade/kit';
import { paymentsHttp, MESSAGES } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { confirmApplicationPayment } from '../use-cases/confirm-application-payment';
import { getJobPayment } from '../use-cases/get-job-payment';
import { startEscrowPayment } from '../use-cases/start-escrow-payment';

/** Escrow endpoints: start paying a job, pay an application's job, read a job's escrow. */
export function paymentsRouter(ctx: PaymentsContext, auth: RequestHandler): Router {
  const router = Router();
  const restaurant = [auth, requireRole('restaurant')];

  router.post('/payments/create-escrow-payment', ...restaurant, async (req, res) => {
    const body = parseBody(paymentsHttp.CreateEscrowPaymentBody, req);
    res.json(await startEscrowPayment(ctx, currentUser(req), body.job_id.toLowerCase(), body.amount));
  });

  router.post('/payments/create-payment-intent', ...restaurant, async (req, res) => {
    const body = parseBody(paymentsHttp.CreatePaymentIntentBody, req);
    const cents = body.amount === undefined ? undefined : Math.round(body.amount * 100);
    res.json(await startEscrowPayment(ctx, currentUser(req), body.job_id.toLowerCase(), cents));
  });

  router.post('/applications/:applicationId/confirm-payment', ...restaurant, async (req, res) => {
    const applicationId = uuidParam(
      req,
      'applicationId',
      'Application not found',
      'PAYMENTS.APPLICATION_NOT_FOUND',
    );
    const body = parseBody(paymentsHttp.ConfirmPaymentBody, req);
    res.json(await confirmApplicationPayment(ctx, currentUser(req), applicationId, body.paymentMethodId));
  });

  router.get('/payments/job/:jobId', auth, async (req, res) => {
    const jobId = uuidParam(req, 'jobId', MESSAGES.jobNotFoundOrNotAuthorized, 'PAYMENTS.JOB_NOT_FOUND');
    res.json(await getJobPayment(ctx, currentUser(req), jobId));
  });

  router.get('/payments/config', (_req, res) => {
    res.json({
      sandbox: !ctx.config.STRIPE_SECRET_KEY,
      publishable_key: ctx.config.STRIPE_PUBLISHABLE_KEY ?? null,
    });
  });

  return router;
}
