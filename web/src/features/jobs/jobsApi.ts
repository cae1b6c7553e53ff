import { api } from '../../shared/api';

import type { fillHttp, jobsHttp, shiftTemplatesHttp } from '@brigade/contracts';
import type { z } from 'zod';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type JobStatus = z.infer<typeof jobsHttp.JobStatus>;
export type ApplicationChef = z.infer<typeof jobsHttp.ApplicationChef>;
/** An application inside its job (the owner's GET /jobs/{id}). */
export type ApplicationOfJob = z.infer<typeof jobsHttp.ApplicationOfJob>;
export type JobPosting = jobsHttp.Job;
export type Application = jobsHttp.Application;
/** A shift the signed-in chef holds (accepted or confirmed), with its SHIFT_GAP-widened busy window. */
export type BookedShift = jobsHttp.BookedShift;
export type CancellationQuote = z.infer<typeof jobsHttp.CancellationQuote>;
export type CancelJobResponse = z.infer<typeof jobsHttp.CancelJobResponse>;
export type JobDispute = jobsHttp.JobDispute;
export type DisputeStatement = jobsHttp.DisputeStatement;
export type AddDisputeStatementRequest = z.input<typeof jobsHttp.AddDisputeStatementRequest>;
export type DisputeStatementResponse = z.infer<typeof jobsHttp.DisputeStatementResponse>;
export type ChefReliability = z.infer<typeof jobsHttp.ChefReliability>;
export type RestaurantReliability = z.infer<typeof jobsHttp.RestaurantReliability>;

export type JobsResponse = z.infer<typeof jobsHttp.JobsResponse>;
/** Issue 37: the roster-first shifts offered to the signed-in chef while their windows run. */
export type OfferedFirstResponse = z.infer<typeof fillHttp.OfferedFirstResponse>;
export type JobResponse = z.infer<typeof jobsHttp.JobResponse>;
export type ApplicationResponse = z.infer<typeof jobsHttp.ApplicationResponse>;
export type ApplicationsResponse = z.infer<typeof jobsHttp.ApplicationsResponse>;
export type CheckoutResponse = z.infer<typeof jobsHttp.CheckoutResponse>;
export type CancelJobRequest = z.input<typeof jobsHttp.CancelJobRequest>;
export type UpdateApplicationRequest = z.input<typeof jobsHttp.UpdateApplicationRequest>;
export type ConfirmApplicationRequest = z.input<typeof jobsHttp.ConfirmApplicationRequest>;
export type InviteChefRequest = z.input<typeof jobsHttp.InviteChefRequest>;
export type InvitationResponse = z.infer<typeof jobsHttp.InvitationResponse>;

export type ShiftTemplatesResponse = shiftTemplatesHttp.ShiftTemplatesResponse;
export type ShiftTemplateResponse = shiftTemplatesHttp.ShiftTemplateResponse;
/** POST /shift-templates as the Post Shift page sends it (the contract's parsed fields). */
export type ShiftTemplateBody = shiftTemplatesHttp.CreateShiftTemplateRequest;

/** GET /jobs filters (the openings screen sends the spec's filters; dashboards send status and limit). */
export type JobsArgs = jobsHttp.JobsQuery;

/**
 * POST /jobs as the post-a-shift screen sends it: the contract's parsed fields (the rate as a number); the
 * fields with a server default may be left out.
 */
export type PostJobBody = Pick<
  jobsHttp.PostJobRequest,
  'title' | 'startTime' | 'endTime' | 'hourlyRate' | 'emergencyLevel' | 'notifyFavorites'
> &
  Partial<
    Pick<
      jobsHttp.PostJobRequest,
      | 'description'
      | 'requiredSkills'
      | 'breakMinutes'
      | 'headcount'
      | 'instant_book'
      | 'roster_first_minutes'
      | 'required_credentials'
    >
  >;

/** The checkout answer as both sides send it (rating, whether the work was done, optional feedback). */
type CheckoutFields = z.output<typeof jobsHttp.CheckoutRequest>;
/** The checkout's answers; issue 39: the tags (a restaurant's review of a chef) are sent only when chosen. */
export type CheckoutBody = Omit<CheckoutFields, 'tags'> & Partial<Pick<CheckoutFields, 'tags'>>;

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobs: build.query<JobsResponse, JobsArgs>({
      query: (params) => ({ url: '/jobs', params }),
      providesTags: ['Jobs'],
    }),
    /** Issue 37: the chef's own addition to the shared openings (polled beside it, conditional). */
    offeredFirst: build.query<OfferedFirstResponse, void>({
      query: () => '/jobs/offered-first',
      providesTags: ['Jobs'],
    }),
    job: build.query<JobResponse, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Jobs', id }, 'Jobs'],
    }),
    /** Invite a chef to the restaurant's next open shift: the chef is texted (settings allowing). */
    inviteChef: build.mutation<InvitationResponse, InviteChefRequest>({
      query: (body) => ({ url: '/invitations', method: 'POST', body }),
    }),
    postJob: build.mutation<JobResponse, PostJobBody>({
      query: (body) => ({ url: '/jobs', method: 'POST', body }),
      invalidatesTags: ['Jobs'],
    }),
    /** The restaurant's shift templates (issue 35), by name. */
    shiftTemplates: build.query<ShiftTemplatesResponse, void>({
      query: () => '/shift-templates',
      providesTags: ['ShiftTemplates'],
    }),
    saveShiftTemplate: build.mutation<ShiftTemplateResponse, ShiftTemplateBody>({
      query: (body) => ({ url: '/shift-templates', method: 'POST', body }),
      invalidatesTags: ['ShiftTemplates'],
    }),
    deleteShiftTemplate: build.mutation<{ deleted: true }, string>({
      query: (id) => ({ url: `/shift-templates/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ShiftTemplates'],
    }),
    /** The owner's quote before cancelling: what the chef gets, the fee, what comes back to the card. */
    cancellationQuote: build.query<CancellationQuote, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}/cancellation`,
      keepUnusedDataFor: 0,
    }),
    /** The owner cancels by the cancellation rules; the answer has the same figures as the quote. */
    cancelJob: build.mutation<CancelJobResponse, { id: string } & CancelJobRequest>({
      query: ({ id, reason }) => ({
        url: `/jobs/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: ['Jobs', 'Applications', 'JobPayment'],
    }),
    apply: build.mutation<ApplicationResponse, string>({
      query: (jobId) => ({ url: `/jobs/${encodeURIComponent(jobId)}/apply`, method: 'POST' }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    applications: build.query<ApplicationsResponse, void>({
      query: () => '/applications',
      providesTags: ['Applications'],
    }),
    application: build.query<ApplicationResponse, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}`,
      providesTags: ['Applications'],
    }),
    decideApplication: build.mutation<ApplicationResponse, { id: string } & UpdateApplicationRequest>({
      query: ({ id, status }) => ({
        url: `/applications/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    confirmApplication: build.mutation<ApplicationResponse, { id: string } & ConfirmApplicationRequest>({
      query: ({ id, confirmed }) => ({
        url: `/applications/${encodeURIComponent(id)}/confirm`,
        method: 'POST',
        body: { confirmed },
      }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    cancelApplication: build.mutation<ApplicationResponse, string>({
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
    checkout: build.mutation<CheckoutResponse, { id: string } & CheckoutBody>({
      query: ({ id, ...body }) => ({
        url: `/applications/${encodeURIComponent(id)}/checkout`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Jobs', 'Applications', 'Favorites', 'JobPayment'],
    }),
  }),
});
