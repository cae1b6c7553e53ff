import type { z } from 'zod';
import type { appealsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 39: the console's appeals queue and decisions, injected into the one api slice as the console's other
// endpoints are (opsApi.ts). Shapes come from the contracts.
export type OpsAppeal = appealsHttp.OpsAppeal;
export type OpsAppealsResponse = appealsHttp.OpsAppealsResponse;
export type OpsAppealResponse = appealsHttp.OpsAppealResponse;
export type DecideAppealBody = z.input<typeof appealsHttp.DecideAppealBody>;

const base = api.enhanceEndpoints({ addTagTypes: ['OpsAppeals', 'OpsAudit'] });

export const appealsApi = base.injectEndpoints({
  endpoints: (build) => ({
    opsAppeals: build.query<OpsAppealsResponse, void>({
      query: () => '/ops/appeals',
      providesTags: ['OpsAppeals'],
    }),
    decideAppeal: build.mutation<OpsAppealResponse, { id: string } & DecideAppealBody>({
      query: ({ id, ...body }) => ({
        url: `/ops/appeals/${encodeURIComponent(id)}/decide`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['OpsAppeals', 'OpsAudit'],
    }),
  }),
});
