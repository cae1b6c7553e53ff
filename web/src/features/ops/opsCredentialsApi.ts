import type { z } from 'zod';
import type { CredentialStatus, credentialsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 39: the console's credentials queue and an operator's decisions, injected into the one api slice as the
// console's other endpoints are (opsApi.ts). Shapes come from the contracts.
export type OpsCredential = credentialsHttp.OpsCredential;
export type OpsCredentialsResponse = z.infer<typeof credentialsHttp.OpsCredentialsResponse>;
export type OpsCredentialResponse = z.infer<typeof credentialsHttp.OpsCredentialResponse>;
export type CredentialDecision = 'verify' | 'reject' | 'revoke';

const enc = encodeURIComponent;
const base = api.enhanceEndpoints({ addTagTypes: ['OpsCredentials', 'OpsAudit'] });

export const opsCredentialsApi = base.injectEndpoints({
  endpoints: (build) => ({
    /** The queue by status (pending by default), each file through a URL signed for 5 minutes. */
    opsCredentials: build.query<OpsCredentialsResponse, CredentialStatus>({
      query: (status) => ({ url: '/ops/credentials', params: { status } }),
      providesTags: ['OpsCredentials'],
    }),
    /** Verify (no reason), reject or revoke (a reason the chef is texted); audited. */
    decideCredential: build.mutation<
      OpsCredentialResponse,
      { id: string; decision: CredentialDecision; reason?: string }
    >({
      query: ({ id, decision, reason }) => ({
        url: `/ops/credentials/${enc(id)}/${decision}`,
        method: 'POST',
        body: decision === 'verify' ? {} : { reason },
      }),
      invalidatesTags: ['OpsCredentials', 'OpsAudit'],
    }),
  }),
});
