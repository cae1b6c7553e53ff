import { Router, type RequestHandler } from 'express';
import { jobsHttp } from '@brigade/contracts';
import { currentUser, parse, parseBody, requireRole, requireVerifiedPhone, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { jobView, listJobs } from '../db/views';
import { JobsErrors } from '../domain/errors';
import { applyToJob } from '../use-cases/apply-to-job';
import { cancelJob } from '../use-cases/cancel-job';
import { postJob } from '../use-cases/post-job';
import { applicationView } from '../db/views';
import { sendWithEtag } from './etag';
import { OpenListCache } from '../db/open-list';

export function jobsRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const { database } = ctx;
  const openList = new OpenListCache(database);

  router.get('/jobs', auth, async (req, res) => {
    const user = currentUser(req);
    const query = parse(jobsHttp.JobsQuery, req.query);
    const scopes = user.type === 'chef' ? ['jobs', `c:${user.id}`] : [`r:${user.id}`];
    const chefsOpenList = user.type === 'chef' && (query.status ?? 'open') === 'open';
    await sendWithEtag(req, res, ctx, scopes, user.type === 'chef', async ({ versions, nextStartMs }) =>
      chefsOpenList
        ? openList.body(user.id, query, ctx.now(), {
            jobs: versions[0][1],
            chef: versions[1][1],
            nextStartMs,
          })
        : { jobs: await listJobs(database, user, query, ctx.now()) },
    );
  });

  router.post('/jobs', auth, requireRole('restaurant'), requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const input = parseBody(jobsHttp.PostJobRequest, req);
    const id = await postJob(ctx, user.id, input);
    res.status(201).json({ job: await jobView(database, user, id) });
  });

  router.get('/jobs/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const id = uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
    const job = await jobView(database, user, id);
    if (!job) throw JobsErrors.jobNotFound();
    res.json({ job });
  });

  router.put('/jobs/:id', auth, requireRole('restaurant'), async (req, res) => {
    const user = currentUser(req);
    const id = uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
    parseBody(jobsHttp.UpdateJobRequest, req);
    await cancelJob(ctx, user.id, id);
    res.json({ job: await jobView(database, user, id) });
  });

  router.post('/jobs/:id/apply', auth, requireRole('chef'), requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const id = uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
    const applicationId = await applyToJob(ctx, user.id, id);
    res.status(201).json({ application: await applicationView(database, user, applicationId) });
  });

  return router;
}
