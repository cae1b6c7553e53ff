import { Router, type Request, type RequestHandler } from 'express';
import { reviewsHttp, type ReviewSide } from '@brigade/contracts';
import { currentOperator, currentUser, parse, parseBody, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { opsReview, opsReviews, profileReviews, publicReview } from '../queries/review-views';
import { hideReview } from '../use-cases/hide-review';
import { replyToReview } from '../use-cases/reply-to-review';

/**
 * Issue 39: reviews both sides can read. Any member reads a chef's or a restaurant's published reviews (by
 * profile id or user id; an id of no such profile is 404, as identity answers the profile); the side reviewed
 * replies once. The gateway routes the
 * two profile paths here ahead of identity's `/profiles` rule.
 */
export function reviewsRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const reviewId = (req: Request) =>
    uuidParam(req, 'id', JobsErrors.reviewNotFound().message, 'JOBS.REVIEW_NOT_FOUND');

  const list =
    (kind: ReviewSide): RequestHandler =>
    async (req, res) => {
      const user = currentUser(req);
      const notFound = kind === 'chef' ? JobsErrors.chefNotFound() : JobsErrors.restaurantNotFound();
      const id = uuidParam(req, 'id', notFound.message, notFound.code);
      const page = parse(reviewsHttp.ReviewsQuery, req.query);
      const answer = await profileReviews(ctx, kind, id, user.language ?? 'en', page);
      if (!answer) throw notFound;
      res.json(answer);
    };
  router.get('/profiles/chef/:id/reviews', auth, list('chef'));
  router.get('/profiles/restaurant/:id/reviews', auth, list('restaurant'));

  router.post('/reviews/:id/reply', auth, async (req, res) => {
    const user = currentUser(req);
    const id = reviewId(req);
    const { text } = parseBody(reviewsHttp.ReplyToReviewBody, req);
    await replyToReview(ctx, user, id, text);
    const review = await publicReview(ctx, id, user.language ?? 'en');
    if (!review) throw JobsErrors.reviewNotFound();
    res.status(201).json({ review });
  });
  return router;
}

/** The console's reviews (operators only: `operatorAuth` is kit's requireOperator). */
export function opsReviewsRouter(ctx: JobsContext, operatorAuth: RequestHandler): Router {
  const router = Router();
  router.get('/ops/reviews', operatorAuth, async (req, res) => {
    const filter = parse(reviewsHttp.OpsReviewsQuery, req.query);
    res.json({ reviews: await opsReviews(ctx, filter) });
  });
  router.post('/ops/reviews/:id/hide', operatorAuth, async (req, res) => {
    const operator = currentOperator(req);
    const id = uuidParam(req, 'id', JobsErrors.reviewNotFound().message, 'JOBS.REVIEW_NOT_FOUND');
    const { reason } = parseBody(reviewsHttp.HideReviewBody, req);
    await hideReview(ctx, operator, id, reason);
    const review = await opsReview(ctx, id);
    if (!review) throw JobsErrors.reviewNotFound();
    res.json({ review });
  });
  return router;
}
