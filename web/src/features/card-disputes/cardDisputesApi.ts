import type { payHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Issue 38: a restaurant's lost card disputes (chargebacks), paid back before it may post again.
export type OwnCardDisputes = z.infer<typeof payHttp.OwnCardDisputesResponse>;
export type OwnCardDispute = z.infer<typeof payHttp.OwnCardDispute>;
export type SettleCardDisputeBody = z.input<typeof payHttp.SettleCardDisputeBody>;
export type SettleCardDisputeAnswer = z.infer<typeof payHttp.SettleCardDisputeResponse>;

export const cardDisputesApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownCardDisputes: build.query<OwnCardDisputes, void>({
      query: () => '/payments/card-disputes',
      providesTags: ['JobPayment'],
    }),
    /**
     * Pay a lost dispute back: without a PaymentMethod, the client secret for the card field; with one (after the
     * card field confirmed), payments records it (`payment_status: 'settled'`).
     */
    settleCardDispute: build.mutation<SettleCardDisputeAnswer, { id: string } & SettleCardDisputeBody>({
      query: ({ id, ...body }) => ({
        url: `/payments/card-disputes/${encodeURIComponent(id)}/settle`,
        method: 'POST',
        body,
      }),
    }),
  }),
});
