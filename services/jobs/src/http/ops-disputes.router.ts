import { opsHttp, timesheetsHttp } from '@brigade/contracts';
import { z } from 'zod';
import { currentOperator, parse, parseBody, uuidParam } from '@brigade/kit';
import { Router, type Request, type RequestHandler } from 'express';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { opsDisputeQueue, opsDisputeView } from '../queries/dispute-views';
import { resolveDispute } from '../use-cases/resolve-dispute';

const ResolveRequest = z.union([timesheetsHttp.ResolveHoursDisputeRequest, opsHttp.ResolveDisputeRequest]);

/** The operator console's disputes (operators only: `operatorAuth` is kit's requireOperator). */
export function opsDisputesRouter(ctx: JobsContext, operatorAuth: RequestHandler): Router {
  const router = Router();
  const jobId = (req: Request) =>
    uuidParam(req, 'jobId', JobsErrors.noDispute().message, JobsErrors.noDispute().code);

  /**
   * Open disputes, oldest first, one row per disputed seat (issue 35: a job with two disputed seats is two rows,
   * each its seat's chef), each with both sides' facts and their statements' count and latest.
   */
  router.get('/ops/disputes', operatorAuth, async (_req, res) => {
    res.json({ disputes: await opsDisputeQueue(ctx) });
  });

  /**
   * One case file, its statements a page at a time (`?after=<statements_next>&limit=`): the seat's named by
   * `?seat_no=` (issue 35), else the dispute that stands for the job (its oldest undecided).
   */
  router.get('/ops/disputes/:jobId', operatorAuth, async (req, res) => {
    const id = jobId(req);
    const page = parse(opsHttp.DisputeQuery, req.query);
    const dispute = await opsDisputeView(ctx, id, page);
    if (!dispute) throw JobsErrors.noDispute();
    res.json({ dispute });
  });

  router.post('/ops/disputes/:jobId/resolve', operatorAuth, async (req, res) => {
    const operator = currentOperator(req);
    const id = jobId(req);
    // Today's `{ chef_pay_cents, note }`, or an hours dispute's `{ worked_minutes, note }` (issue 34), each
    // with the seat decided (`seat_no`, issue 35).
    const input = parseBody(ResolveRequest, req);
    const decided = await resolveDispute(ctx, operator, id, input);
    res.json({ dispute: await opsDisputeView(ctx, id, { seat_no: decided.seat_no }) });
  });

  return router;
}
