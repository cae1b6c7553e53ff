import { Router, type RequestHandler } from 'express';
import { jobsHttp } from '@brigade/contracts';
import {
  currentUser,
  expressGet,
  getRoute,
  parseBody,
  requireRole,
  uuidParam,
  type GetRoute,
} from '@brigade/kit';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { applicationView, checkJobOwner, listApplicationsJson } from '../queries/application-views';
import { acceptApplication } from '../use-cases/accept-application';
import { cancelApplication } from '../use-cases/cancel-application';
import { checkOut } from '../use-cases/check-out';
import { reconfirmApplication } from '../use-cases/reconfirm-application';
import { rejectApplication } from '../use-cases/reject-application';
import { respondToAcceptance } from '../use-cases/respond-to-acceptance';
import { sendListWithEtag } from './etag';

/** GET /applications (a chef's, or a restaurant's, of one job or all), served by Express and the lean path. */
export function applicationsGet(ctx: JobsContext): GetRoute {
  const view = { database: ctx.database, policy: ctx.policy, now: ctx.now };
  return getRoute({
    path: '/applications',
    query: jobsHttp.ApplicationsQuery,
    async answer(get) {
      const { user, query } = get;
      if (query.jobId && user.type === 'restaurant') {
        await checkJobOwner(ctx.database, user.id, query.jobId);
      }
      const scope = user.type === 'chef' ? `c:${user.id}` : `r:${user.id}`;
      // The cards' "last 90 days" counts change with the day as well as with the versions.
      const day = ctx.now().toISOString().slice(0, 10);
      await sendListWithEtag(get, ctx, scope, () => listApplicationsJson(view, user, query, scope), day);
    },
  });
}

/** The applications routes; `list` (`applicationsGet`) is also served by the lean path. */
export function applicationsRouter(ctx: JobsContext, auth: RequestHandler, list: GetRoute): Router {
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

  router.get(list.path, auth, expressGet(list));

  router.get('/applications/:id', auth, async (req, res) => {
    await respond(req, res, appId(req));
  });

  router.patch('/applications/:id', auth, requireRole('restaurant'), async (req, res) => {
    const user = currentUser(req);
    const id = appId(req);
    const { status } = parseBody(jobsHttp.UpdateApplicationRequest, req);
    if (status === 'accepted') await acceptApplication(ctx, user, id);
    else await rejectApplication(ctx, user.id, id);
    await respond(req, res, id);
  });

  router.post('/applications/:id/confirm', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = appId(req);
    const { confirmed } = parseBody(jobsHttp.ConfirmApplicationRequest, req);
    await respondToAcceptance(ctx, user, id, confirmed);
    await respond(req, res, id);
  });

  /** Issue 37: the confirmed chef reconfirms (idempotent); the application answers with `reconfirmed_at`. */
  router.post('/applications/:id/reconfirm', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = appId(req);
    await reconfirmApplication(ctx, user, id);
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
