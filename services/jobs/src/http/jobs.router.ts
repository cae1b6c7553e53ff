import { Router, type Request, type RequestHandler } from 'express';
import { jobsHttp } from '@brigade/contracts';
import { z } from 'zod';
import {
  currentUser,
  expressGet,
  forbidden,
  getRoute,
  parse,
  parseBody,
  requireRole,
  requireVerifiedPhone,
  uuidParam,
  type GetRoute,
} from '@brigade/kit';
import type { JobsContext } from '../context';
import { OpenListCache, placeKey } from '../queries/open-list';
import { chefAudience, chefPlace } from '../queries/places';
import { presentStatement } from '../queries/dispute-views';
import { applicationView } from '../queries/application-views';
import { jobView, listJobs } from '../queries/job-views';
import { standbyView } from '../queries/standby-views';
import { JobsErrors } from '../domain/errors';
import { addDisputeStatement } from '../use-cases/add-dispute-statement';
import { applyToJob } from '../use-cases/apply-to-job';
import { ensureChefMaySee } from '../use-cases/ensure-chef-may-see';
import { cancelJob } from '../use-cases/cancel-job';
import { joinStandby } from '../use-cases/join-standby';
import { leaveStandby } from '../use-cases/leave-standby';
import { postJob } from '../use-cases/post-job';
import { quoteCancellation } from '../use-cases/quote-cancellation';
import { sendDecidedWithEtag, sendWithEtag } from './etag';

/** The chefs' open-list parameters that mean the same whoever asks (a filter by the chef's own place would not). */
const USER_INDEPENDENT_PARAMS = new Set([
  'status',
  'emergencyLevel',
  'minRate',
  'maxRate',
  'skills',
  'startDate',
  'endDate',
  'limit',
  'shared',
  // near's meaning depends on the chef's place, which names the shared list's audience (below)
  'near',
]);

/**
 * GET /jobs (a chef's open list, shared or their own, or a restaurant's jobs), served by Express and the lean
 * path.
 */
export function jobsGet(ctx: JobsContext, openList = new OpenListCache(ctx.database, ctx.policy)): GetRoute {
  return getRoute({
    path: '/jobs',
    query: jobsHttp.JobsQuery,
    async answer(get) {
      const { user, query, search } = get;
      // shared=1: the same body for every chef (only the list's own version, no user in the ETag), marked
      // shared for the gateway; only when every parameter means the same whoever asks. Otherwise the chef's
      // own list below (with user_applied), which is never shared.
      const shared =
        query.shared &&
        user.type === 'chef' &&
        (query.status ?? 'open') === 'open' &&
        Object.keys(search).every((k) => USER_INDEPENDENT_PARAMS.has(k));
      if (shared) {
        // The list depends on where the chef is (distances; near=me: their radius): the audience is the chefs
        // of that place and radius, named in the ETag and the shared mark. A chef who moves city or changes
        // radius is in another audience from their next answer from jobs on (ADR 7). The place is read after
        // the versions (`c:<chef>` moves with it), never before.
        await sendDecidedWithEtag(get, ctx, ['jobs', `c:${user.id}`], true, async () => {
          const { place, blocked } = await chefAudience(ctx.database, user.id);
          if (blocked) {
            // Issue 37: a chef with a block either way sees the list without that restaurant's shifts: their
            // own body and tag (with `c:<chef>`, which a block moves), never marked shared, so the gateway
            // neither hands them the audience's body nor keeps theirs for the audience.
            return {
              build: ({ versions, nextStartMs }) =>
                openList.sharedBodyFor(
                  user.id,
                  query,
                  ctx.now(),
                  { jobs: versions[0][1], chef: versions[1][1], nextStartMs },
                  place,
                ),
            };
          }
          const where = placeKey(place, (query.near ?? 'me') === 'me' && place !== null);
          return {
            build: ({ versions, nextStartMs }) =>
              openList.sharedBody(query, ctx.now(), { jobs: versions[0][1], nextStartMs }, place),
            extra: where,
            sharedWith: `chef@${where}`,
          };
        });
        return;
      }
      const scopes = user.type === 'chef' ? ['jobs', `c:${user.id}`] : [`r:${user.id}`];
      const chefsOpenList = user.type === 'chef' && (query.status ?? 'open') === 'open';
      await sendWithEtag(get, ctx, scopes, user.type === 'chef', async ({ versions, nextStartMs }) =>
        chefsOpenList
          ? openList.body(user.id, query, ctx.now(), {
              jobs: versions[0][1],
              chef: versions[1][1],
              nextStartMs,
            })
          : await listJobs(ctx, user, query, ctx.now()).then(({ items, total }) => ({ jobs: items, total })),
      );
    },
  });
}

/**
 * GET /jobs/offered-first (issue 37): the roster-first shifts offered to the signed-in chef while their windows
 * run, the chef's own addition to the shared open list. Conditional like the open list: tagged by `jobs` (a
 * shift opened or closed), `c:<chef>` (a favorite added or removed, a block) and, timed, the next moment a
 * window ends or a shift starts. Served by Express and the lean path; a restaurant is refused (403, by Express).
 */
export function offeredFirstGet(ctx: JobsContext, openList: OpenListCache): GetRoute {
  return getRoute({
    path: '/jobs/offered-first',
    query: z.object({}),
    async answer(get) {
      const { user } = get;
      if (user.type !== 'chef') throw forbidden('Only chefs have shifts offered to them first');
      await sendWithEtag(get, ctx, ['jobs', `c:${user.id}`], true, async () => {
        const now = ctx.now();
        const place = await chefPlace(ctx.database, user.id);
        const { items } = await openList.offeredFirst(user.id, {}, now, place);
        return { jobs: items };
      });
    },
  });
}

/** The jobs routes; `list` (`jobsGet`) is also served by the lean path. */
export function jobsRouter(
  ctx: JobsContext,
  auth: RequestHandler,
  list: GetRoute,
  offered?: GetRoute,
): Router {
  const router = Router();
  const jobId = (req: Request) =>
    uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
  const restaurantOnly = requireRole('restaurant');

  router.get(list.path, auth, expressGet(list));
  if (offered) router.get(offered.path, auth, requireRole('chef'), expressGet(offered));

  router.post('/jobs', auth, restaurantOnly, requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const input = parseBody(jobsHttp.PostJobRequest, req);
    const id = await postJob(ctx, user, input);
    res.status(201).json({ job: await jobView(ctx, user, id) });
  });

  router.get('/jobs/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const job = await jobView(ctx, user, jobId(req));
    if (!job) throw JobsErrors.jobNotFound();
    // Issue 37: a block either way, or a roster-first window the chef is not in, reads as an unknown job.
    if (user.type === 'chef') await ensureChefMaySee(ctx, undefined, job, user.id);
    res.json({ job });
  });

  /** The owner's quote before cancelling; a chef is refused (403), another restaurant gets 404. */
  router.get('/jobs/:id/cancellation', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    res.json(await quoteCancellation(ctx, user.id, jobId(req), user.language));
  });

  router.post('/jobs/:id/cancel', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    // No body at all reads as {} (the reason is optional); a body that is not a JSON object is refused.
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in req.headers;
    const { reason } = hasBody
      ? parseBody(jobsHttp.CancelJobRequest, req)
      : parse(jobsHttp.CancelJobRequest, {});
    const quote = await cancelJob(ctx, user, id, reason || null);
    res.json({ ...quote, job: await jobView(ctx, user, id) });
  });

  /** Cancelling through the job itself (status cancelled): the same rules as POST /jobs/{id}/cancel. */
  router.put('/jobs/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const { reason } = parseBody(jobsHttp.UpdateJobRequest, req);
    await cancelJob(ctx, user, id, reason || null);
    res.json({ job: await jobView(ctx, user, id) });
  });

  /** A party of a disputed shift adds a statement for the operator (no phone check: both were verified to book). */
  router.post('/jobs/:id/dispute', auth, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const { statement, seat_no } = parseBody(jobsHttp.AddDisputeStatementRequest, req);
    const row = await addDisputeStatement(ctx, user, id, statement, seat_no);
    res.status(201).json({ statement: presentStatement(row), job: await jobView(ctx, user, id) });
  });

  router.post('/jobs/:id/apply', auth, requireRole('chef'), requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const applicationId = await applyToJob(ctx, user.id, jobId(req), user.language);
    res.status(201).json({ application: await applicationView(ctx, user, applicationId) });
  });

  /** Issue 37: join a shift's standby list (201; 200 with the same place when already waiting). */
  router.post('/jobs/:id/standby', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const { joined } = await joinStandby(ctx, user, id);
    res.status(joined ? 201 : 200).json(await standbyView(ctx, id, user.id));
  });

  /** Issue 37: leave it (200 with `position: null`; the same when not waiting). */
  router.delete('/jobs/:id/standby', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    await leaveStandby(ctx, user, id);
    res.json(await standbyView(ctx, id, user.id));
  });

  return router;
}
