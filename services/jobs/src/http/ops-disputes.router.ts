import { opsHttp } from '@brigade/contracts';
import { currentOperator, parseBody, uuidParam } from '@brigade/kit';
import { Router, type Request, type RequestHandler } from 'express';
import type { JobsContext } from '../context';
import { openDisputeJobIds } from '../db/disputes.repository';
import { opsDisputeView } from '../db/dispute-views';
import { JobsErrors } from '../domain/errors';
import { resolveDispute } from '../use-cases/resolve-dispute';

/** The operator console's disputes (operators only: `operatorAuth` is kit's requireOperator). */
export function opsDisputesRouter(ctx: JobsContext, operatorAuth: RequestHandler): Router {
  const router = Router();
  const jobId = (req: Request) =>
    uuidParam(req, 'jobId', JobsErrors.noDispute().message, JobsErrors.noDispute().code);

  /** Open disputes, oldest first, each with both sides' facts. */
  router.get('/ops/disputes', operatorAuth, async (_req, res) => {
    const disputes: opsHttp.OpsDispute[] = [];
    for (const id of await openDisputeJobIds(ctx.database)) {
      const view = await opsDisputeView(ctx, id);
      if (view) disputes.push(view);
    }
    res.json({ disputes });
  });

  router.get('/ops/disputes/:jobId', operatorAuth, async (req, res) => {
    const dispute = await opsDisputeView(ctx, jobId(req));
    if (!dispute) throw JobsErrors.noDispute();
    res.json({ dispute });
  });

  router.post('/ops/disputes/:jobId/resolve', operatorAuth, async (req, res) => {
    const operator = currentOperator(req);
    const id = jobId(req);
    const input = parseBody(opsHttp.ResolveDisputeRequest, req);
    await resolveDispute(ctx, operator, id, input);
    res.json({ dispute: await opsDisputeView(ctx, id) });
  });

  return router;
}
