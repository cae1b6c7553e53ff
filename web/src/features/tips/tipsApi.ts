import type { payHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Issue 38: a restaurant's tip for a worked seat. Shapes come from the contracts (contracts/src/http/pay.ts).
export type TipState = payHttp.TipState;
export type Tip = payHttp.Tip;
export type TipResponse = z.infer<typeof payHttp.TipResponse>;

const enc = encodeURIComponent;
const base = api.enhanceEndpoints({ addTagTypes: ['Tip'] });

export const tipsApi = base.injectEndpoints({
  endpoints: (build) => ({
    /** What a tip would be (the most, until when, the card, no fee) and the tip given, from the server's figures. */
    tipState: build.query<TipState, string>({
      query: (applicationId) => `/applications/${enc(applicationId)}/tip`,
      providesTags: (_r, _e, id) => [{ type: 'Tip', id }],
    }),
    /** Give the tip: 201 with it (charged, then paid); 402 when the card does not pay. Both refresh the state. */
    giveTip: build.mutation<TipResponse, { applicationId: string; amount_cents: number }>({
      query: ({ applicationId, amount_cents }) => ({
        url: `/applications/${enc(applicationId)}/tip`,
        method: 'POST',
        body: { amount_cents },
      }),
      invalidatesTags: (_r, _e, { applicationId }) => [
        { type: 'Tip', id: applicationId },
        'JobPayment' as const,
      ],
    }),
  }),
});
