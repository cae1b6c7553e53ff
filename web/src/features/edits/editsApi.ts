import { api } from '../../shared/api';
import type { jobEditsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { jobsApi, type ApplicationResponse } from '../jobs';

// Issue 35: edits of a posted shift with their cost, Book again and weekly series (contracts/src/http/job-edits.ts).
export type EditJobBody = jobEditsHttp.EditJobRequest;
export type EditQuote = jobEditsHttp.EditQuote;
export type EditQuoteArgs = { id: string } & jobEditsHttp.EditQuoteQuery;
/** PATCH /jobs/{id}: `charging` when the server answered 202 (a rise is being charged to the card on file). */
export type EditJobResult = z.infer<typeof jobEditsHttp.EditJobResponse> & { charging: boolean };
export type RepeatJobResponse = z.infer<typeof jobEditsHttp.RepeatJobResponse>;
export type CreateSeriesBody = z.input<typeof jobEditsHttp.CreateSeriesRequest>;
export type Series = jobEditsHttp.Series;
export type SeriesOccurrence = Series['occurrences'][number];
export type Weekday = jobEditsHttp.Weekday;
export const WEEKDAYS = [
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
] as const satisfies readonly Weekday[];

type SeriesResponse = z.infer<typeof jobEditsHttp.SeriesResponse>;
type SeriesListResponse = z.infer<typeof jobEditsHttp.SeriesListResponse>;

const jobUrl = (id: string) => `/jobs/${encodeURIComponent(id)}`;

export const editsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What saving the edit would charge or refund (the money fields only), before it is saved. */
    editQuote: build.query<EditQuote, EditQuoteArgs>({
      query: ({ id, ...params }) => ({ url: `${jobUrl(id)}/edit-quote`, params }),
      keepUnusedDataFor: 0,
    }),
    editJob: build.mutation<EditJobResult, { id: string; body: EditJobBody }>({
      query: ({ id, body }) => ({ url: jobUrl(id), method: 'PATCH', body }),
      transformResponse: (body: Omit<EditJobResult, 'charging'>, meta) => ({
        ...body,
        charging: (meta as { response?: { status: number } } | undefined)?.response?.status === 202,
      }),
      // the job as the edit left it (a rise being charged shows at once), before the lists are read again
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(jobsApi.util.updateQueryData('job', id, (draft) => void (draft.job = data.job)));
      },
      invalidatesTags: ['Jobs', 'Applications', 'Series'],
    }),
    /** A booked chef keeps the changed shift (true) or leaves it with no record (false). */
    editAnswer: build.mutation<ApplicationResponse, { applicationId: string; accept: boolean }>({
      query: ({ applicationId, accept }) => ({
        url: `/applications/${encodeURIComponent(applicationId)}/edit-answer`,
        method: 'POST',
        body: { accept },
      }),
      invalidatesTags: ['Jobs', 'Applications'],
    }),
    repeatJob: build.mutation<RepeatJobResponse, { id: string; dates: string[] }>({
      query: ({ id, dates }) => ({ url: `${jobUrl(id)}/repeat`, method: 'POST', body: { dates } }),
      invalidatesTags: ['Jobs', 'Series'],
    }),
    createSeries: build.mutation<SeriesResponse, CreateSeriesBody>({
      query: (body) => ({ url: '/jobs/series', method: 'POST', body }),
      invalidatesTags: ['Jobs', 'Series'],
    }),
    seriesList: build.query<SeriesListResponse, void>({
      query: () => '/jobs/series',
      providesTags: ['Series'],
    }),
    series: build.query<SeriesResponse, string>({
      query: (id) => `/jobs/series/${encodeURIComponent(id)}`,
      providesTags: ['Series'],
    }),
    stopSeries: build.mutation<SeriesResponse, string>({
      query: (id) => ({ url: `/jobs/series/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Jobs', 'Series'],
    }),
  }),
});
