import { Router, type Request, type RequestHandler } from 'express';
import { jobEditsHttp } from '@brigade/contracts';
import { currentUser, parseBody, requireRole, requireVerifiedPhone, uuidParam } from '@brigade/kit';
import type { z } from 'zod';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { SeriesErrors } from '../domain/series';
import { jobView } from '../queries/job-views';
import { seriesListView, seriesView } from '../queries/series-views';
import { createSeries } from '../use-cases/create-series';
import { repeatJob } from '../use-cases/repeat-job';
import { stopSeries } from '../use-cases/stop-series';
import { updateSeries } from '../use-cases/update-series';

/**
 * Book again and weekly series (issue 35, ADR 0031): restaurants only, each its own. Mounted before the jobs
 * router so that /jobs/series is not read as /jobs/:id. Posting (a repeat, a new series) asks a verified phone
 * as POST /jobs does.
 */
export function seriesRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const restaurantOnly = requireRole('restaurant');
  const seriesId = (req: Request) =>
    uuidParam(req, 'id', SeriesErrors.seriesNotFound().message, 'JOBS.SERIES_NOT_FOUND');
  const answer = async (restaurantId: string, id: string) => {
    const series = await seriesView(ctx.database, restaurantId, id);
    if (!series) throw SeriesErrors.seriesNotFound();
    return series;
  };

  router.post('/jobs/:id/repeat', auth, restaurantOnly, requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const jobId = uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
    const input = parseBody(jobEditsHttp.RepeatJobRequest, req);
    const repeated = await repeatJob(ctx, user, jobId, input);
    const jobs = [];
    for (const id of repeated.jobIds) jobs.push((await jobView(ctx, user, id))!);
    const view = (await seriesView(ctx.database, user.id, repeated.seriesId))!;
    const later = view.occurrences.filter((o) => o.status === 'scheduled');
    const body: z.infer<typeof jobEditsHttp.RepeatJobResponse> = {
      jobs,
      total_cents: jobs.reduce((sum, job) => sum + job.total_cents, 0),
      series: later.length > 0 ? view : null,
      later_total_cents: later.reduce((sum, o) => sum + o.total_cents, 0),
    };
    res.status(201).json(body);
  });

  router.post('/jobs/series', auth, restaurantOnly, requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const input = parseBody(jobEditsHttp.CreateSeriesRequest, req);
    const raw = req.body as Record<string, unknown>;
    const id = await createSeries(ctx, user, input, (field) => raw[field] !== undefined);
    const body: z.infer<typeof jobEditsHttp.SeriesResponse> = { series: await answer(user.id, id) };
    res.status(201).json(body);
  });

  router.get('/jobs/series', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const body: z.infer<typeof jobEditsHttp.SeriesListResponse> = {
      series: await seriesListView(ctx.database, user.id),
    };
    res.json(body);
  });

  router.get('/jobs/series/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const body: z.infer<typeof jobEditsHttp.SeriesResponse> = {
      series: await answer(user.id, seriesId(req)),
    };
    res.json(body);
  });

  router.patch('/jobs/series/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = seriesId(req);
    const input = parseBody(jobEditsHttp.UpdateSeriesRequest, req);
    await updateSeries(ctx, user, id, input);
    const body: z.infer<typeof jobEditsHttp.SeriesResponse> = { series: await answer(user.id, id) };
    res.json(body);
  });

  router.delete('/jobs/series/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = seriesId(req);
    await stopSeries(ctx, user, id);
    const body: z.infer<typeof jobEditsHttp.SeriesResponse> = { series: await answer(user.id, id) };
    res.json(body);
  });

  return router;
}
