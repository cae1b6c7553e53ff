import type { reviewsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Issue 39: reviews both sides can read. Shapes come from the contracts (contracts/src/http/reviews.ts).
export type Review = reviewsHttp.Review;
export type ReviewsResponse = reviewsHttp.ReviewsResponse;
export type ReviewResponse = z.infer<typeof reviewsHttp.ReviewResponse>;
export type OpsReview = reviewsHttp.OpsReview;
export type OpsReviewsResponse = z.infer<typeof reviewsHttp.OpsReviewsResponse>;
export type OpsReviewResponse = z.infer<typeof reviewsHttp.OpsReviewResponse>;
/** Whose reviews: a chef's profile lists restaurants' reviews of them, a restaurant's the chefs'. */
export type ReviewedKind = 'chef' | 'restaurant';

const enc = encodeURIComponent;
const base = api.enhanceEndpoints({ addTagTypes: ['Reviews', 'OpsReviews', 'OpsAudit'] });

export const reviewsApi = base.injectEndpoints({
  endpoints: (build) => ({
    /** A profile's published reviews, newest first, in the reader's language (`limit`: the newest few). */
    reviews: build.query<ReviewsResponse, { kind: ReviewedKind; id: string; limit?: number }>({
      query: ({ kind, id, limit }) => ({
        url: `/profiles/${kind}/${enc(id)}/reviews`,
        params: limit === undefined ? undefined : { limit },
      }),
      providesTags: ['Reviews'],
    }),
    /** The side reviewed answers a published review, once. */
    replyToReview: build.mutation<ReviewResponse, { reviewId: string; text: string }>({
      query: ({ reviewId, text }) => ({
        url: `/reviews/${enc(reviewId)}/reply`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: ['Reviews'],
    }),
    /** The console: reviews by or about a user, every state. */
    opsReviews: build.query<OpsReviewsResponse, string>({
      query: (userId) => ({ url: '/ops/reviews', params: { user_id: userId } }),
      providesTags: ['OpsReviews'],
    }),
    /** The console: hide a review that breaks the rules, with a reason (audited; both sides texted). */
    hideReview: build.mutation<OpsReviewResponse, { reviewId: string; reason: string }>({
      query: ({ reviewId, reason }) => ({
        url: `/ops/reviews/${enc(reviewId)}/hide`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['OpsReviews', 'Reviews', 'OpsAudit'],
    }),
  }),
});
