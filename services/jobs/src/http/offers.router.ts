import { Router, type RequestHandler } from 'express';
import { offersHttp } from '@brigade/contracts';
import { currentUser, parseBody, requireRole, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { offersOfChef, offersOfJob } from '../queries/offer-views';
import { acceptOffer } from '../use-cases/accept-offer';
import { declineOffer } from '../use-cases/decline-offer';
import { makeOffer } from '../use-cases/make-offer';

/** Direct offers (issue 35): a restaurant offers its open shift to a chef; the chef accepts or declines. */
export function offersRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const jobId = (req: Parameters<RequestHandler>[0]) =>
    uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
  const offerId = (req: Parameters<RequestHandler>[0]) =>
    uuidParam(req, 'id', JobsErrors.offerNotFound().message, 'JOBS.OFFER_NOT_FOUND');

  router.post('/jobs/:id/offers', auth, requireRole('restaurant'), async (req, res) => {
    const user = currentUser(req);
    const id = jobId(req);
    const { chef_id } = parseBody(offersHttp.MakeOfferRequest, req);
    const answer: offersHttp.OfferResponse = {
      offer: await makeOffer(ctx, user.id, id, chef_id, user.language),
    };
    res.status(201).json(answer);
  });

  router.get('/jobs/:id/offers', auth, requireRole('restaurant'), async (req, res) => {
    const user = currentUser(req);
    const answer: offersHttp.OffersResponse = { offers: await offersOfJob(ctx, user.id, jobId(req)) };
    res.json(answer);
  });

  router.get('/offers', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const answer: offersHttp.OffersResponse = { offers: await offersOfChef(ctx, user.id) };
    res.json(answer);
  });

  router.post('/offers/:id/accept', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const answer: offersHttp.OfferResponse = { offer: await acceptOffer(ctx, user, offerId(req)) };
    res.json(answer);
  });

  router.post('/offers/:id/decline', auth, requireRole('chef'), async (req, res) => {
    const user = currentUser(req);
    const answer: offersHttp.OfferResponse = { offer: await declineOffer(ctx, user, offerId(req)) };
    res.json(answer);
  });

  return router;
}
