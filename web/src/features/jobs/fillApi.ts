import type { z } from 'zod';
import type { fillHttp } from '@brigade/contracts';
import { api } from '../../shared/api';
import type { ApplicationResponse } from './jobsApi';

// Issue 37: reconfirmation and standby. Shapes come from the contracts, never re-declared here.
export type StandbyResponse = z.infer<typeof fillHttp.StandbyResponse>;

export const fillApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The confirmed chef says they are still coming (answers the application, reconfirmed_at set). */
    reconfirm: build.mutation<ApplicationResponse, string>({
      query: (id) => ({ url: `/applications/${encodeURIComponent(id)}/reconfirm`, method: 'POST' }),
      invalidatesTags: ['Applications', 'Jobs'],
    }),
    joinStandby: build.mutation<StandbyResponse, string>({
      query: (jobId) => ({ url: `/jobs/${encodeURIComponent(jobId)}/standby`, method: 'POST' }),
      invalidatesTags: ['Jobs'],
    }),
    leaveStandby: build.mutation<StandbyResponse, string>({
      query: (jobId) => ({ url: `/jobs/${encodeURIComponent(jobId)}/standby`, method: 'DELETE' }),
      invalidatesTags: ['Jobs'],
    }),
  }),
});
