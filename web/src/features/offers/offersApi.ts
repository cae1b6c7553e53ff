import { api } from '../../shared/api';
import type { offersHttp } from '@brigade/contracts';

// Direct offers (issue 35). Shapes come from the contracts, never re-declared here.
export type Offer = offersHttp.Offer;
export type OfferStatus = offersHttp.OfferStatus;

export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The chef's offers for shifts not yet over (an ended one never reads pending). */
    myOffers: build.query<offersHttp.OffersResponse, void>({
      query: () => '/offers',
      providesTags: ['Offers'],
    }),
    /** A shift's offers and what each reads now (its restaurant). */
    jobOffers: build.query<offersHttp.OffersResponse, string>({
      query: (jobId) => `/jobs/${encodeURIComponent(jobId)}/offers`,
      providesTags: ['Offers'],
    }),
    makeOffer: build.mutation<offersHttp.OfferResponse, { jobId: string; chef_id: string }>({
      query: ({ jobId, chef_id }) => ({
        url: `/jobs/${encodeURIComponent(jobId)}/offers`,
        method: 'POST',
        body: { chef_id },
      }),
      invalidatesTags: ['Offers'],
    }),
    /** Accepting books the seat at once: the chef's shifts and the openings change too. */
    acceptOffer: build.mutation<offersHttp.OfferResponse, string>({
      query: (id) => ({ url: `/offers/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      invalidatesTags: ['Offers', 'Applications', 'Jobs'],
    }),
    declineOffer: build.mutation<offersHttp.OfferResponse, string>({
      query: (id) => ({ url: `/offers/${encodeURIComponent(id)}/decline`, method: 'POST' }),
      invalidatesTags: ['Offers'],
    }),
  }),
});
