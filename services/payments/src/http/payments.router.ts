import { Router, type RequestHandler, type Response } from 'express';
import { currentUser, parse, parseBody, requireRole, uuidParam } from '@brigade/kit';
import { payHttp, paymentsHttp, MESSAGES } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { listBalances } from '../queries/balances';
import { payBalance } from '../use-cases/pay-balance';
import { confirmApplicationPayment } from '../use-cases/confirm-application-payment';
import { getJobPayment } from '../queries/get-job-payment';
import { getEarnings, getReceipts } from '../queries/money-reports';
import { getStatement, getTaxYear } from '../queries/statements';
import { statementCsv, taxYearCsv } from '../domain/statements';
import { earningsCsv, receiptsCsv } from '../domain/money-reports';
import { getSavedCard } from '../queries/get-saved-card';
import { confirmCardSetup } from '../use-cases/confirm-card-setup';
import { payWithSavedCard } from '../use-cases/pay-with-saved-card';
import { removeSavedCard } from '../use-cases/remove-saved-card';
import { startCardSetup } from '../use-cases/start-card-setup';
import { startEscrowPayment } from '../use-cases/start-escrow-payment';
// issue 38: tips
import { getTipState } from '../queries/get-tip-state';
import { giveTip } from '../use-cases/give-tip';

/**
 * Escrow endpoints: start paying a job (or pay it now with the saved card), pay an application's job, read a
 * job's escrow; a restaurant's saved card (set up, record, read, remove); a chef's earnings and a restaurant's
 * receipts (JSON, or `?format=csv` as a file).
 */
export function paymentsRouter(ctx: PaymentsContext, auth: RequestHandler): Router {
  const router = Router();
  const restaurant = [auth, requireRole('restaurant')];
  const chef = [auth, requireRole('chef')];

  router.post('/payments/create-escrow-payment', ...restaurant, async (req, res) => {
    const body = parseBody(paymentsHttp.CreateEscrowPaymentBody, req);
    const pay = body.use_saved_card ? payWithSavedCard : startEscrowPayment;
    res.json(await pay(ctx, currentUser(req), body.job_id.toLowerCase(), body.amount));
  });

  router.get('/payments/saved-card', ...restaurant, async (req, res) => {
    res.json(await getSavedCard(ctx, currentUser(req)));
  });

  router.post('/payments/saved-card/setup', ...restaurant, async (req, res) => {
    res.json(await startCardSetup(ctx, currentUser(req)));
  });

  router.post('/payments/saved-card/confirm', ...restaurant, async (req, res) => {
    const body = parseBody(paymentsHttp.SavedCardConfirmBody, req);
    res.json(await confirmCardSetup(ctx, currentUser(req), body.setup_intent_id));
  });

  router.delete('/payments/saved-card', ...restaurant, async (req, res) => {
    res.json(await removeSavedCard(ctx, currentUser(req)));
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

  // issue 38 (tips): what a tip would be, and giving it (the restaurant that owns the application's job only)
  router.get('/applications/:applicationId/tip', ...restaurant, async (req, res) => {
    const applicationId = uuidParam(
      req,
      'applicationId',
      'Application not found',
      'PAYMENTS.APPLICATION_NOT_FOUND',
    );
    res.json(await getTipState(ctx, currentUser(req), applicationId));
  });

  router.post('/applications/:applicationId/tip', ...restaurant, async (req, res) => {
    const applicationId = uuidParam(
      req,
      'applicationId',
      'Application not found',
      'PAYMENTS.APPLICATION_NOT_FOUND',
    );
    const body = parseBody(payHttp.TipBody, req);
    res.status(201).json(await giveTip(ctx, currentUser(req), applicationId, body.amount_cents));
  });

  router.get('/payments/job/:jobId', auth, async (req, res) => {
    const jobId = uuidParam(req, 'jobId', MESSAGES.jobNotFoundOrNotAuthorized, 'PAYMENTS.JOB_NOT_FOUND');
    res.json(await getJobPayment(ctx, currentUser(req), jobId));
  });

  router.get('/payments/balances', ...restaurant, async (req, res) => {
    res.json(await listBalances(ctx, currentUser(req)));
  });

  router.post('/payments/balances/:applicationId/pay', ...restaurant, async (req, res) => {
    const applicationId = uuidParam(
      req,
      'applicationId',
      'Balance not found or not authorized',
      'PAYMENTS.BALANCE_NOT_FOUND',
    );
    // No body: the client secret for the card form (a body is only needed to confirm with a PaymentMethod now).
    const body = parse(paymentsHttp.PayBalanceBody, req.body ?? {});
    res.json(await payBalance(ctx, currentUser(req), applicationId, body.paymentMethodId));
  });

  router.get('/payments/earnings', ...chef, async (req, res) => {
    const { format } = parse(paymentsHttp.MoneyReportQuery, req.query);
    const report = await getEarnings(ctx, currentUser(req));
    if (format === 'csv') sendCsv(res, 'brigade-earnings', earningsCsv(report, currentUser(req).language));
    else res.json(report);
  });

  // Issue 38, statements: the chef's tax year and the restaurant's week (JSON, or `?format=csv` as a file).
  router.get('/payments/earnings/tax-year', ...chef, async (req, res) => {
    const { year, format } = parse(payHttp.TaxYearQuery, req.query);
    const report = await getTaxYear(ctx, currentUser(req), year);
    if (format === 'csv') sendCsv(res, `brigade-tax-year-${year}`, taxYearCsv(report));
    else res.json(report);
  });

  router.get('/payments/statements', ...restaurant, async (req, res) => {
    const { week, format } = parse(payHttp.StatementQuery, req.query);
    const report = await getStatement(ctx, currentUser(req), week);
    if (format === 'csv') sendCsv(res, `brigade-statement-${report.week}`, statementCsv(report));
    else res.json(report);
  });

  router.get('/payments/receipts', ...restaurant, async (req, res) => {
    const { format } = parse(paymentsHttp.MoneyReportQuery, req.query);
    const report = await getReceipts(ctx, currentUser(req));
    if (format === 'csv') sendCsv(res, 'brigade-receipts', receiptsCsv(report, currentUser(req).language));
    else res.json(report);
  });

  router.get('/payments/config', (_req, res) => {
    res.json({
      sandbox: !ctx.config.STRIPE_SECRET_KEY,
      publishable_key: ctx.config.STRIPE_PUBLISHABLE_KEY ?? null,
    });
  });

  return router;
}

/** A CSV file download named with today's date (`brigade-earnings-2026-11-24.csv`); never cached. */
function sendCsv(res: Response, name: string, body: string) {
  const day = new Date().toISOString().slice(0, 10);
  res
    .status(200)
    .set({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${day}.csv"`,
      'cache-control': 'no-store',
    })
    .send(body);
}
