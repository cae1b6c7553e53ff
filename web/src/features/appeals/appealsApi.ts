import type { z } from 'zod';
import type { appealsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 39: the marks on the signed-in side's record and their appeals. Shapes come from the contracts.
export type Mark = appealsHttp.Mark;
export type MarksResponse = appealsHttp.MarksResponse;
export type FileAppealBody = z.input<typeof appealsHttp.FileAppealBody>;
export type FileAppealResponse = appealsHttp.FileAppealResponse;

const base = api.enhanceEndpoints({ addTagTypes: ['Marks'] });

export const appealsApi = base.injectEndpoints({
  endpoints: (build) => ({
    myMarks: build.query<MarksResponse, void>({
      query: () => '/reliability/me',
      providesTags: ['Marks'],
    }),
    fileAppeal: build.mutation<FileAppealResponse, FileAppealBody>({
      query: (body) => ({ url: '/reliability/appeals', method: 'POST', body }),
      invalidatesTags: ['Marks'],
    }),
  }),
});
