import { Router, type Request, type RequestHandler } from 'express';
import { fillHttp } from '@brigade/contracts';
import { currentUser, parse, parseBody, requireRole, requireVerifiedPhone, uuidParam } from '@brigade/kit';
import type { z } from 'zod';
import type { JobsContext } from '../context';
import { applicationView } from '../queries/application-views';
import { jobView } from '../queries/job-views';
import { JobsErrors } from '../domain/errors';
import { boostJob } from '../use-cases/boost-job';
import { bookNow } from '../use-cases/book-now';
import { quoteBoost } from '../use-cases/quote-boost';

/** Dollars an hour (whole cents, checked by the schema) as cents. */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Issue 37: "Book now" (`POST /jobs/{id}/book`, a chef with a verified phone) and boosts of an unfilled shift
 * (`GET /jobs/{id}/boost-quote`, `POST /jobs/{id}/boost`, its owner).
 */
export function fillBookingRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const jobId = (req: Request) =>
    uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
  const restaurantOnly = requireRole('restaurant');

  router.post('/jobs/:id/book', auth, requireRole('chef'), requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const applicationId = await bookNow(ctx, user, jobId(req));
    const application = await applicationView(ctx, user, applicationId);
    if (!application) throw JobsErrors.applicationNotFound();
    const answer: z.infer<typeof fillHttp.BookResponse> = { application };
    res.status(201).json(answer);
  });

  router.get('/jobs/:id/boost-quote', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const { hourly_rate } = parse(fillHttp.BoostQuoteQuery, req.query);
    const answer: fillHttp.BoostQuote = await quoteBoost(ctx, user.id, id, cents(hourly_rate), user.language);
    res.json(answer);
  });

  router.post('/jobs/:id/boost', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const { hourly_rate } = parseBody(fillHttp.BoostRequest, req);
    const quote = await boostJob(ctx, user, id, cents(hourly_rate));
    const job = await jobView(ctx, user, id);
    if (!job) throw JobsErrors.jobNotFound();
    const answer: z.infer<typeof fillHttp.BoostResponse> = { job, quote };
    res.status(202).json(answer);
  });

  return router;
}
