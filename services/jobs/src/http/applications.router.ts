import { Router, type RequestHandler } from 'express';
import { jobsHttp } from '@brigade/contracts';
import { currentUser, parse, parseBody, requireRole, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { findJob } from '../db/jobs.repository';
import { applicationView, listApplicationsJson } from '../db/application-views';
import { JobsErrors } from '../domain/errors';
import { acceptApplication } from '../use-cases/accept-application';
import { cancelApplication } from '../use-cases/cancel-application';
import { checkOut } from '../use-cases/check-out';
import { rejectApplication } from '../use-cases/reject-application';
import { respondToAcceptance } from '../use-cases/respond-to-acceptance';
import { sendWithEtag } from './etag';

export function applicationsRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const { database } = ctx;
  const view = { database, policy: ctx.policy, now: ctx.now };
  const appId = (req: Parameters<RequestHandler>[0], name = 'id') =>
    uuidParam(req, name, JobsErrors.applicationNotFound().message, 'JOBS.APPLICATION_NOT_FOUND');

  async function respond(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], id: string) {
    const application = await applicationView(view, currentUser(req), id);
    if (!application) throw JobsErrors.applicationNotFound();
    res.json({ application });
  }

  router.get('/applications', auth, async (req, res) => {
    const user = currentUser(req);
    const query = parse(jobsHttp.ApplicationsQuery, req.query);
    if (query.jobId && user.type === 'restaurant') {
      const job = await findJob(database, query.jobId);
      if (!job) throw JobsErrors.jobNotFound();
      if (job.restaurant_id !== user.id) throw JobsErrors.notJobOwner();
    }
    const scopes = [user.type === 'chef' ? `c:${user.id}` : `r:${user.id}`];
    // The cards' "last 90 days" counts change with the day as well as with the versions.
    const day = ctx.now().toISOString().slice(0, 10);
    await sendWithEtag(req, res, ctx, scopes, false, () => listApplicationsJson(view, user, query), day);
  });

  router.get('/applications/:id', auth, async (req, res) => {
    await respond(req, res, appId(req));
  });

  router.patch('/applications/:id', auth, requireRole('restaurant'), async (req, res) => {
    const user = currentUser(req);
    const id = appId(req);
    const { status } = parseBody(jobsHttp.UpdateApplicationRequest, req);
    if (status === 'accepted') await acceptApplication(ctx, user.id, id);
    else await rejectApplication(ctx, user.id, id);
    await respond(req, res, id);
  });

  router.post('/applications/:id/confirm', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = appId(req);
    const { confirmed } = parseBody(jobsHttp.ConfirmApplicationRequest, req);
    await respondToAcceptance(ctx, user.id, id, confirmed);
    await respond(req, res, id);
  });

  router.delete('/applications/:id', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = appId(req);
    await cancelApplication(ctx, user, id);
    await respond(req, res, id);
  });

  router.post('/applications/:applicationId/checkout', auth, async (req, res) => {
    const user = currentUser(req);
    const id = appId(req, 'applicationId');
    const input = parseBody(jobsHttp.CheckoutRequest, req);
    res.json(await checkOut(ctx, user, id, input));
  });

  return router;
}
