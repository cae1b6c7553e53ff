import type { credentialsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Issue 39: a chef's own credentials. Shapes come from the contracts (contracts/src/http/credentials.ts).
export type Credential = credentialsHttp.Credential;
export type CredentialsResponse = z.infer<typeof credentialsHttp.CredentialsResponse>;
export type CredentialResponse = z.infer<typeof credentialsHttp.CredentialResponse>;

const base = api.enhanceEndpoints({ addTagTypes: ['Credentials'] });

export const credentialsApi = base.injectEndpoints({
  endpoints: (build) => ({
    /** The chef's own, newest first, each file through a URL signed for 5 minutes (read again for a new one). */
    myCredentials: build.query<CredentialsResponse, void>({
      query: () => '/credentials',
      providesTags: ['Credentials'],
    }),
    /** POST /credentials as multipart: type, number, issuer, expires_on and the file. */
    addCredential: build.mutation<CredentialResponse, FormData>({
      query: (form) => ({ url: '/credentials', method: 'POST', body: form }),
      invalidatesTags: ['Credentials'],
    }),
  }),
});
