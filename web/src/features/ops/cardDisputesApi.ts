import type { z } from 'zod';
import type { payHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 38: the console's card disputes (chargebacks) and a job's evidence, injected into the one api slice as
// the console's other endpoints are (opsApi.ts). Shapes come from the contracts.
export type CardDispute = payHttp.CardDispute;
export type CardDisputesResponse = z.infer<typeof payHttp.CardDisputesResponse>;
export type CardDisputeResponse = z.infer<typeof payHttp.CardDisputeResponse>;
export type EvidenceResponse = z.infer<typeof payHttp.EvidenceResponse>;
export type EvidenceEntry = payHttp.EvidenceEntry;
export type EvidenceSection = payHttp.EvidenceSection;
export type SubmitCardDisputeBody = z.input<typeof payHttp.SubmitCardDisputeBody>;
export type AcceptCardDisputeBody = z.input<typeof payHttp.AcceptCardDisputeBody>;

const enc = encodeURIComponent;

const base = api.enhanceEndpoints({ addTagTypes: ['OpsCardDisputes', 'OpsAudit'] });

export const cardDisputesApi = base.injectEndpoints({
  endpoints: (build) => ({
    cardDisputes: build.query<CardDisputesResponse, void>({
      query: () => '/ops/card-disputes',
      providesTags: ['OpsCardDisputes'],
    }),
    cardDispute: build.query<CardDisputeResponse, string>({
      query: (id) => `/ops/card-disputes/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'OpsCardDisputes', id }],
    }),
    /** Every service's part of the job's evidence, for the dispute's restaurant (jobs checks it is the job's). */
    jobEvidence: build.query<EvidenceResponse, { jobId: string; restaurantId: string }>({
      query: ({ jobId, restaurantId }) => ({
        url: `/ops/jobs/${enc(jobId)}/evidence`,
        params: { restaurant_id: restaurantId },
      }),
    }),
    submitCardDispute: build.mutation<CardDisputeResponse, { id: string } & SubmitCardDisputeBody>({
      query: ({ id, ...body }) => ({ url: `/ops/card-disputes/${enc(id)}/submit`, method: 'POST', body }),
      invalidatesTags: ['OpsCardDisputes', 'OpsAudit'],
    }),
    acceptCardDispute: build.mutation<CardDisputeResponse, { id: string } & AcceptCardDisputeBody>({
      query: ({ id, ...body }) => ({ url: `/ops/card-disputes/${enc(id)}/accept`, method: 'POST', body }),
      invalidatesTags: ['OpsCardDisputes', 'OpsAudit'],
    }),
  }),
});
