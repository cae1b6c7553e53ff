import { api } from '../../app/api';

import type { jobsHttp } from '@brigade/contracts';
import type { z } from 'zod';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type JobStatus = z.infer<typeof jobsHttp.JobStatus>;
export type ApplicationChef = z.infer<typeof jobsHttp.ApplicationChef>;
/** An application inside its job (the owner's GET /jobs/{id}). */
export type ApplicationOfJob = z.infer<typeof jobsHttp.ApplicationOfJob>;
export type JobPosting = jobsHttp.Job;
export type Application = jobsHttp.Application;
export type CancellationQuote = z.infer<typeof jobsHttp.CancellationQuote>;
export type CancelJobResponse = z.infer<typeof jobsHttp.CancelJobResponse>;
export type JobDispute = jobsHttp.JobDispute;
export type DisputeStatement = jobsHttp.DisputeStatement;
export type AddDisputeStatementRequest = z.input<typeof jobsHttp.AddDisputeStatementRequest>;
export type DisputeStatementResponse = z.infer<typeof jobsHttp.DisputeStatementResponse>;
export type ChefReliability = z.infer<typeof jobsHttp.ChefReliability>;
export type RestaurantReliability = z.infer<typeof jobsHttp.RestaurantReliability>;

/** GET /jobs filters (the openings screen sends the spec's filters; dashboards send status and limit). */
export interface JobsArgs {
  status?: 'all' | 'open' | JobStatus;
  limit?: number;
  emergencyLevel?: 'normal' | 'urgent';
  minRate?: number;
  maxRate?: number;
  startDate?: string;
  endDate?: string;
  skills?: string;
}

export interface PostJobBody {
  title: string;
  startTime: string;
  endTime: string;
  hourlyRate: number;
  emergencyLevel: 'normal' | 'urgent';
  notifyFavorites: string[];
}

export interface CheckoutBody {
  rating: number;
  workCompleted: boolean;
  feedback: string | null;
}

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobs: build.query<{ jobs: JobPosting[] }, JobsArgs>({
      query: (params) => ({ url: '/jobs', params }),
      providesTags: ['Jobs'],
    }),
    job: build.query<{ job: JobPosting }, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Jobs', id }, 'Jobs'],
    }),
    postJob: build.mutation<{ job: JobPosting }, PostJobBody>({
      query: (body) => ({ url: '/jobs', method: 'POST', body }),
      invalidatesTags: ['Jobs'],
    }),
    /** The owner's quote before cancelling: what the chef gets, the fee, what comes back to the card. */
    cancellationQuote: build.query<CancellationQuote, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}/cancellation`,
      keepUnusedDataFor: 0,
    }),
    /** The owner cancels by the cancellation rules; the answer has the same figures as the quote. */
    cancelJob: build.mutation<CancelJobResponse, { id: string; reason?: string | null }>({
      query: ({ id, reason }) => ({
        url: `/jobs/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: ['Jobs', 'Applications', 'JobPayment'],
    }),
    apply: build.mutation<{ application: Application }, string>({
      query: (jobId) => ({ url: `/jobs/${encodeURIComponent(jobId)}/apply`, method: 'POST' }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    applications: build.query<{ applications: Application[] }, void>({
      query: () => '/applications',
      providesTags: ['Applications'],
    }),
    application: build.query<{ application: Application }, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}`,
      providesTags: ['Applications'],
    }),
    decideApplication: build.mutation<
      { application: Application },
      { id: string; status: 'accepted' | 'rejected' }
    >({
      query: ({ id, status }) => ({
        url: `/applications/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    confirmApplication: build.mutation<{ application: Application }, { id: string; confirmed: boolean }>({
      query: ({ id, confirmed }) => ({
        url: `/applications/${encodeURIComponent(id)}/confirm`,
        method: 'POST',
        body: { confirmed },
      }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    cancelApplication: build.mutation<{ application: Application }, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    /** One side's statement on its disputed job (translated for the operator and the other side). */
    addDisputeStatement: build.mutation<
      DisputeStatementResponse,
      { id: string } & AddDisputeStatementRequest
    >({
      query: ({ id, ...body }) => ({ url: `/jobs/${encodeURIComponent(id)}/dispute`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Jobs', id }],
    }),
    checkout: build.mutation<
      { message: string; mutualCheckoutCompleted: boolean },
      { id: string } & CheckoutBody
    >({
      query: ({ id, ...body }) => ({
        url: `/applications/${encodeURIComponent(id)}/checkout`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Jobs', 'Applications', 'Favorites', 'JobPayment'],
    }),
  }),
});
