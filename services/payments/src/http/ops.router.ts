import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { parse, uuidParam } from '@brigade/kit';
import { MESSAGES } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { listOwedBalances } from '../queries/balances';
import { getOpsLedger } from '../queries/get-ops-ledger';
import { listAnomalies } from '../queries/list-anomalies';

const AnomaliesQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 200' })
    .int('limit must be a whole number from 1 to 200')
    .min(1, 'limit must be a whole number from 1 to 200')
    .max(200, 'limit must be a whole number from 1 to 200')
    .optional(),
});

/** The operator console's money routes (operators only: `operator` is kit's requireOperator). */
export function opsRouter(ctx: PaymentsContext, operator: RequestHandler): Router {
  const router = Router();

  router.get('/ops/jobs/:jobId/ledger', operator, async (req, res) => {
    const jobId = uuidParam(req, 'jobId', MESSAGES.jobNotFoundOrNotAuthorized, 'PAYMENTS.JOB_NOT_FOUND');
    res.json(await getOpsLedger(ctx, jobId));
  });

  router.get('/ops/anomalies', operator, async (req, res) => {
    const query = parse(AnomaliesQuery, req.query);
    res.json(await listAnomalies(ctx, query.limit ?? 50));
  });

  router.get('/ops/balances', operator, async (_req, res) => {
    res.json(await listOwedBalances(ctx));
  });

  return router;
}
