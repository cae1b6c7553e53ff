import { Router, type Request, type RequestHandler } from 'express';
import { appealsHttp } from '@brigade/contracts';
import { currentOperator, currentUser, parseBody, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { AppealErrors } from '../domain/appeals';
import { myMarks, oneMark, opsAppealQueue, opsAppealView } from '../queries/appeal-views';
import { decideAppeal } from '../use-cases/decide-appeal';
import { fileAppeal } from '../use-cases/file-appeal';

/**
 * Issue 39: a chef's or a restaurant's marks and their appeals (`GET /reliability/me`, `POST /reliability/appeals`),
 * and the operators' queue (`GET /ops/appeals`, `POST /ops/appeals/{id}/decide`; `operatorAuth` is kit's
 * requireOperator).
 */
export function appealsRouter(ctx: JobsContext, auth: RequestHandler, operatorAuth: RequestHandler): Router {
  const router = Router();
  const appealId = (req: Request) =>
    uuidParam(req, 'id', AppealErrors.appealNotFound().message, 'JOBS.APPEAL_NOT_FOUND');

  router.get('/reliability/me', auth, async (req, res) => {
    const user = currentUser(req);
    const answer: appealsHttp.MarksResponse = await myMarks(ctx, user.id);
    res.json(answer);
  });

  router.post('/reliability/appeals', auth, async (req, res) => {
    const user = currentUser(req);
    const input = parseBody(appealsHttp.FileAppealBody, req);
    await fileAppeal(ctx, user, input);
    const mark = await oneMark(ctx, input.mark_id);
    if (!mark) throw AppealErrors.markNotFound();
    const answer: appealsHttp.FileAppealResponse = { mark };
    res.status(201).json(answer);
  });

  router.get('/ops/appeals', operatorAuth, async (_req, res) => {
    const answer: appealsHttp.OpsAppealsResponse = { appeals: await opsAppealQueue(ctx) };
    res.json(answer);
  });

  router.post('/ops/appeals/:id/decide', operatorAuth, async (req, res) => {
    const operator = currentOperator(req);
    const id = appealId(req);
    const input = parseBody(appealsHttp.DecideAppealBody, req);
    await decideAppeal(ctx, operator, id, input);
    const appeal = await opsAppealView(ctx, id);
    if (!appeal) throw AppealErrors.appealNotFound();
    const answer: appealsHttp.OpsAppealResponse = { appeal };
    res.json(answer);
  });

  return router;
}
