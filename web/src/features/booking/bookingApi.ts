import { api } from '../../shared/api';
import type { fillHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { jobsApi } from '../jobs';

// Issue 37: "Book now" and boosts (contracts/src/http/fill.ts).
export type BookResponse = z.infer<typeof fillHttp.BookResponse>;
export type BoostQuote = fillHttp.BoostQuote;
export type BoostResponse = z.infer<typeof fillHttp.BoostResponse>;

const jobUrl = (id: string) => `/jobs/${encodeURIComponent(id)}`;

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A chef at the bar takes a seat of an instant-book shift at once. */
    bookNow: build.mutation<BookResponse, string>({
      query: (jobId) => ({ url: `${jobUrl(jobId)}/book`, method: 'POST' }),
      invalidatesTags: ['Jobs', 'Applications', 'Conversations'],
    }),
    /** What a boost to `hourly_rate` would charge the card on file now, before boosting. */
    boostQuote: build.query<BoostQuote, { id: string; hourly_rate: number }>({
      query: ({ id, hourly_rate }) => ({ url: `${jobUrl(id)}/boost-quote`, params: { hourly_rate } }),
      keepUnusedDataFor: 0,
    }),
    /** 202: the difference is being charged; the job shows the new rate once it is collected. */
    boost: build.mutation<BoostResponse, { id: string; hourly_rate: number }>({
      query: ({ id, hourly_rate }) => ({ url: `${jobUrl(id)}/boost`, method: 'POST', body: { hourly_rate } }),
      // the job as the boost left it (its charge pending), before the lists are read again
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(jobsApi.util.updateQueryData('job', id, (draft) => void (draft.job = data.job)));
      },
      invalidatesTags: ['Jobs'],
    }),
  }),
});
