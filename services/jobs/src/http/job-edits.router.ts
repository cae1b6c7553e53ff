import { Router, type Request, type RequestHandler } from 'express';
import { jobEditsHttp } from '@brigade/contracts';
import { currentUser, parse, parseBody, requireRole, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationView } from '../queries/application-views';
import { jobView } from '../queries/job-views';
import { JobsErrors } from '../domain/errors';
import { answerEdit } from '../use-cases/answer-edit';
import { cancelJob } from '../use-cases/cancel-job';
import { editJob } from '../use-cases/edit-job';
import { quoteEdit } from '../use-cases/quote-edit';

/**
 * Issue 35 (ADR 0031): edits of a posted shift with their cost. `PATCH /jobs/{id}` (the owner: an edit, or
 * `{ status: "cancelled" }` as PUT), `GET /jobs/{id}/edit-quote` (the owner), and a booked chef's
 * `POST /applications/{id}/edit-answer`.
 */
export function jobEditsRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const jobId = (req: Request) =>
    uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
  const restaurantOnly = requireRole('restaurant');

  router.patch('/jobs/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const body = parseBody(jobEditsHttp.PatchJobRequest, req);
    if ('status' in body) {
      // The same rules and answer as PUT /jobs/{id}.
      await cancelJob(ctx, user, id, body.reason || null);
      res.json({ job: await jobView(ctx, user, id) });
      return;
    }
    const outcome = await editJob(ctx, user, id, body);
    res.status(outcome.status).json({
      job: await jobView(ctx, user, id),
      quote: outcome.quote,
      answers_due_by: outcome.answers_due_by,
    });
  });

  router.get('/jobs/:id/edit-quote', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const query = parse(jobEditsHttp.EditQuoteQuery, req.query);
    res.json(await quoteEdit(ctx, user.id, id, query, user.language));
  });

  router.post('/applications/:id/edit-answer', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = uuidParam(req, 'id', JobsErrors.applicationNotFound().message, 'JOBS.APPLICATION_NOT_FOUND');
    const { accept } = parseBody(jobEditsHttp.EditAnswerRequest, req);
    await answerEdit(ctx, user, id, accept);
    const application = await applicationView(ctx, user, id);
    if (!application) throw JobsErrors.applicationNotFound();
    res.json({ application });
  });

  return router;
}
